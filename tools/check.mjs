// `node tools/check.mjs`: type-checks and lints every project in one pass (tools/lib/check-projects.mjs).
// Exits with 1, printing each error, when any project has a type or lint error.
import path from 'node:path';
import { compilerGroups, lintedPaths, projectRoots, typeErrors } from './lib/check-projects.mjs';
import { runAsync } from './lib/process.mjs';
import { repoRoot } from './lib/profiles.mjs';

const say = (message) => process.stdout.write(`[check] ${message}\n`);

async function main() {
  const roots = projectRoots(repoRoot);
  // The module-boundary rule reads Nx's cached project graph and, when there is none (a
  // fresh clone), skips itself with a mere warning: the graph is made first, as Nx would.
  const { createProjectGraphAsync } = await import('@nx/devkit');
  await createProjectGraphAsync({ exitOnError: true });
  const linted = runAsync(path.join(repoRoot, 'node_modules', '.bin', 'eslint'), ['--max-warnings=0', ...lintedPaths(repoRoot, roots)], { cwd: repoRoot }).then(
    () => true,
    () => (say('lint: errors (above)'), false),
  );
  let typed = true;
  for (const group of compilerGroups(repoRoot, roots)) {
    const errors = typeErrors(group, repoRoot);
    say(`type check of ${group.projects.length} project(s) (${group.fileNames.length} files): ${errors ? 'errors' : 'clean'}`);
    if (errors) {
      process.stdout.write(errors);
      typed = false;
    }
  }
  const clean = (await linted) && typed;
  say(`${roots.length} projects ${clean ? 'type-check and lint clean' : 'have errors'}`);
  process.exit(clean ? 0 : 1);
}

main().catch((error) => {
  process.stderr.write(`check failed: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
