// `npm test` type-checks projects that share compiler settings in one program
// (tools/lib/check-projects.mjs): it must check every file of every project, each with the
// compiler options its own tsconfig gives it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import ts from 'typescript';

const repoRoot = path.resolve(__dirname, '..', '..', '..');

interface Group {
  options: ts.CompilerOptions;
  fileNames: string[];
  projects: string[];
}

/** The projects and their groups as tools/lib/check-projects.mjs makes them (an ES module, so run apart). */
function groupsOfRepository(): { roots: string[]; groups: Group[]; linted: string[] } {
  const script = `import { projectRoots, compilerGroups, lintedPaths } from ${JSON.stringify(path.join(repoRoot, 'tools/lib/check-projects.mjs'))};
const roots = projectRoots(${JSON.stringify(repoRoot)});
console.log(JSON.stringify({ roots, groups: compilerGroups(${JSON.stringify(repoRoot)}, roots), linted: lintedPaths(${JSON.stringify(repoRoot)}, roots) }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
}

const ownConfig = (root: string) => {
  const configPath = path.join(root, 'tsconfig.json');
  return ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, ts.sys.readFile).config, ts.sys, root, undefined, configPath);
};

it('checks every file of every project in a group with that project’s own compiler options', () => {
  const { roots, groups } = groupsOfRepository();
  expect(roots.map((root) => path.relative(repoRoot, root))).toEqual(expect.arrayContaining(['apps/gateway', 'apps/editor', 'libs/render-core', 'tools/lint-config']));
  for (const root of roots) {
    const own = ownConfig(root);
    const [group, ...more] = groups.filter((candidate) => candidate.projects.includes(path.basename(root)));
    expect({ project: root, groups: more.length + 1 }).toEqual({ project: root, groups: 1 });
    expect(group.fileNames).toEqual(expect.arrayContaining(own.fileNames));
    const { configFilePath: _own, ...options } = own.options;
    expect(group.options).toEqual({ ...options, noEmit: true });
  }
});

it('puts projects with different compiler settings in different groups', () => {
  const { groups } = groupsOfRepository();
  const groupOf = (project: string) => groups.find((group) => group.projects.includes(project));
  expect(groupOf('editor')).not.toBe(groupOf('gateway'));
  expect(groupOf('render-core')).toBe(groupOf('gateway'));
});

it('lints what each project’s lint target lints, its own command included', () => {
  const { roots, linted } = groupsOfRepository();
  expect(linted).toEqual(expect.arrayContaining(roots.filter((root) => !root.endsWith('lint-config')).map((root) => path.relative(repoRoot, root))));
  // tools/lint-config lints every tool and the root configurations (its project.json).
  expect(linted).toEqual(expect.arrayContaining(['tools', 'eslint.config.mjs', 'jest.config.js', 'prisma.config.ts']));
});
