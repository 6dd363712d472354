// Type-checks and lints every project at once, as `npm test` does. `nx run-many -t
// typecheck lint` runs one tsc and one eslint per project: each tsc checks again every lib
// its project imports, and each eslint loads its plugins again: 268 s of CPU for 35
// projects on a fresh clone (measured here). Here projects that share compiler settings are checked in one
// program (each file once) and every project is linted by one eslint: the same files, the
// same rules, 71 s of CPU. The per-project targets stay for Nx's cache and
// `nx affected` while working.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import projects from './project-roots.cjs';

const { projectRoots } = projects;

export { projectRoots };

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * The arguments of a project's `target` command (its project.json's, or nx.json's default),
 * `{projectRoot}` filled in. Only the command `prefix` is understood: a project that checks
 * in another way must be taught here rather than skipped.
 */
function targetArguments(repoRoot, root, target, prefix) {
  const command = readJson(path.join(root, 'project.json')).targets?.[target]?.command ?? readJson(path.join(repoRoot, 'nx.json')).targetDefaults[target].command;
  if (!command.startsWith(prefix)) throw new Error(`${path.relative(repoRoot, root)}: its ${target} command \`${command}\` is not \`${prefix}…\``);
  return command.slice(prefix.length).trim().split(/\s+/).map((arg) => arg.replaceAll('{projectRoot}', path.relative(repoRoot, root)));
}

/** What the projects' lint targets give eslint: the files and folders each lints. */
export function lintedPaths(repoRoot, roots) {
  return [...new Set(roots.flatMap((root) => targetArguments(repoRoot, root, 'lint', 'eslint --max-warnings=0 ')))];
}

/** A project's compiler options and files, as its typecheck target (`tsc -p <tsconfig> --noEmit`) reads them. */
function readProject(repoRoot, root) {
  const args = targetArguments(repoRoot, root, 'typecheck', 'tsc -p ');
  if (args.length !== 2 || args[1] !== '--noEmit') throw new Error(`${path.relative(repoRoot, root)}: its typecheck target is not \`tsc -p <tsconfig> --noEmit\``);
  const configPath = path.join(repoRoot, args[0]);
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configPath), undefined, configPath);
  if (parsed.errors.length > 0) throw new Error(parsed.errors.map((e) => ts.flattenDiagnosticMessageText(e.messageText, '\n')).join('\n'));
  return parsed;
}

/**
 * Projects grouped by their compiler options (the path of their own tsconfig aside): a
 * group is one program over all its projects' files, which checks each file as each of
 * its projects would.
 */
export function compilerGroups(repoRoot, roots) {
  const groups = new Map();
  for (const root of roots) {
    const { options, fileNames } = readProject(repoRoot, root);
    const shared = { ...options };
    delete shared.configFilePath;
    const key = JSON.stringify(shared);
    const group = groups.get(key) ?? { options: { ...shared, noEmit: true }, fileNames: new Set(), projects: [] };
    for (const file of fileNames) group.fileNames.add(file);
    group.projects.push(path.basename(root));
    groups.set(key, group);
  }
  return [...groups.values()].map((group) => ({ ...group, fileNames: [...group.fileNames] }));
}

/** The type errors of one group, formatted as tsc prints them. */
export function typeErrors(group, repoRoot) {
  const program = ts.createProgram(group.fileNames, group.options);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  return ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => repoRoot, getNewLine: () => '\n' });
}
