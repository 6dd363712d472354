// The Nx projects: each folder of apps/, libs/ and tools/ that holds a project.json. Read
// by the unit tests' Jest configuration, the lint configuration and `npm test`'s one-pass
// check (CommonJS, so that jest.config.js can require it too).
const { existsSync, readdirSync } = require('node:fs');
const path = require('node:path');

/** Each project's folder, absolute, under `repoRoot`. */
function projectRoots(repoRoot) {
  return ['apps', 'libs', 'tools'].flatMap((group) =>
    readdirSync(path.join(repoRoot, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(path.join(repoRoot, group, entry.name, 'project.json')))
      .map((entry) => path.join(repoRoot, group, entry.name)),
  );
}

module.exports = { projectRoots };
