// Unit tests of every project, run by `nx test <project>` (one project) or by
// `npm test` (all of them at once). End-to-end tests live in apps/e2e with their own config.
const path = require('node:path');
const tsconfig = require('./tsconfig.base.json');
const { projectRoots } = require('./tools/lib/project-roots.cjs');

const swcrc = JSON.parse(require('node:fs').readFileSync(path.join(__dirname, '.swcrc'), 'utf8'));
delete swcrc.$schema;

const moduleNameMapper = Object.fromEntries(
  Object.entries(tsconfig.compilerOptions.paths).map(([alias, [target]]) => [`^${alias}$`, `<rootDir>/../../${target}`]),
);

const projectDirs = projectRoots(__dirname)
  .map((root) => path.relative(__dirname, root))
  .filter((dir) => dir !== path.join('apps', 'e2e'));

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
