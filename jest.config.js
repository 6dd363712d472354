// Unit tests of every project, run by `nx test <project>` (one project) or by
// `npm test` (all of them at once). End-to-end tests live in apps/e2e with their own config.
const { readdirSync, existsSync } = require('node:fs');
const path = require('node:path');
const tsconfig = require('./tsconfig.base.json');

const swcrc = JSON.parse(require('node:fs').readFileSync(path.join(__dirname, '.swcrc'), 'utf8'));
delete swcrc.$schema;

const moduleNameMapper = Object.fromEntries(
  Object.entries(tsconfig.compilerOptions.paths).map(([alias, [target]]) => [`^${alias}$`, `<rootDir>/../../${target}`]),
);

const projectDirs = ['apps', 'libs', 'tools'].flatMap((group) =>
  readdirSync(path.join(__dirname, group))
    .filter((name) => name !== 'e2e' && existsSync(path.join(__dirname, group, name, 'project.json')))
    .map((name) => path.join(group, name)),
);

module.exports = {
  projects: projectDirs.map((dir) => ({
    displayName: path.basename(dir),
    rootDir: path.join(__dirname, dir),
    testEnvironment: 'node',
    testMatch: ['<rootDir>/src/**/*.spec.ts'],
    transform: { '^.+\\.ts$': ['@swc/jest', { ...swcrc, sourceMaps: 'inline' }] },
    moduleNameMapper,
    setupFilesAfterEnv: [path.join(__dirname, 'tools', 'jest-count-assertions.js')],
  })),
};
