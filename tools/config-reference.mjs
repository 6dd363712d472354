// Writes docs/configuration.md, the table of every environment variable each program
// reads, from the code that reads them: the envalid spec objects (`...Specs = {...}`)
// and the calls that load them (loadConfig, loadConfigOrExit, and lib functions that do,
// such as runBackendService and startTracing). `--check` fails instead when the file is
// not what the code says, which the end-to-end suite runs.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { repoRoot } from './lib/profiles.mjs';

const OUTPUT = path.join(repoRoot, 'docs', 'configuration.md');
const LOADERS = new Set(['loadConfig', 'loadConfigOrExit']);

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

const programs = readdirSync(path.join(repoRoot, 'apps')).filter((app) => {
  try {
    return readFileSync(path.join(repoRoot, 'apps', app, 'src', 'main.ts'), 'utf8').length > 0;
  } catch {
    return false;
  }
});
const files = ['apps', 'libs'].flatMap((group) => sourceFiles(path.join(repoRoot, group))).filter((file) => !/apps\/(e2e|bench)\//.test(file));
const parsed = files.map((file) => ({ file, source: ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true) }));

function visit(node, onNode) {
  onNode(node);
  ts.forEachChild(node, (child) => visit(child, onNode));
}

/** Every `const <name>Specs = { ... }`: its own variables (with their doc and default) and the spec objects it spreads. */
const specObjects = new Map();
for (const { source } of parsed) {
  visit(source, (node) => {
    if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || !/Specs$/.test(node.name.text)) return;
    if (!node.initializer || !ts.isObjectLiteralExpression(node.initializer)) return;
    specObjects.set(node.name.text, readSpecObject(node.initializer, source));
  });
}

function readSpecObject(literal, source) {
  const variables = [];
  const spreads = [];
  for (const property of literal.properties) {
    if (ts.isSpreadAssignment(property) && ts.isIdentifier(property.expression)) spreads.push(property.expression.text);
    if (!ts.isPropertyAssignment(property)) continue;
    const doc = ts.getJSDocCommentsAndTags(property).map((comment) => ts.getTextOfJSDocComment(comment.comment) ?? '').join(' ');
    variables.push({ name: property.name.getText(source), doc: doc.replace(/\s+/g, ' ').trim(), ...defaults(property.initializer, source) });
  }
  return { variables, spreads };
}

/**
 * What an envalid validator call says of its value: the type, the choices, the default, the
 * local-only default; `secret(...)` marks a secret, `localStackOnly(...)` a test-only setting.
 */
function defaults(call, source) {
  if (ts.isCallExpression(call) && call.expression.getText(source) === 'secret') return { ...defaults(call.arguments[0], source), secret: true };
  if (ts.isCallExpression(call) && call.expression.getText(source) === 'localStackOnly') return { ...defaults(call.arguments[0], source), testOnly: true };
  const spec = { type: ts.isCallExpression(call) ? call.expression.getText(source) : '' };
  const options = ts.isCallExpression(call) ? call.arguments[0] : undefined;
  if (!options || !ts.isObjectLiteralExpression(options)) return spec;
  for (const option of options.properties) {
    if (ts.isPropertyAssignment(option)) spec[option.name.getText(source)] = option.initializer.getText(source);
  }
  return spec;
}

/** The variables a spec expression stands for: a spec object's name, or an object literal of spreads. */
function resolve(expression, parameters = new Map()) {
  if (ts.isIdentifier(expression)) {
    if (parameters.has(expression.text)) return resolve(parameters.get(expression.text));
    const object = specObjects.get(expression.text);
    if (!object) return [];
    return [...object.spreads.flatMap((name) => resolve(ts.factory.createIdentifier(name))), ...object.variables];
  }
  if (ts.isObjectLiteralExpression(expression)) {
    return expression.properties.flatMap((property) => (ts.isSpreadAssignment(property) ? resolve(property.expression, parameters) : []));
  }
  return [];
}

const calleeName = (call) => (ts.isIdentifier(call.expression) ? call.expression.text : undefined);

/** Lib functions that load a configuration: their name, the spec argument they load, and their parameters by position. */
const loadingFunctions = new Map();
for (const { file, source } of parsed.filter(({ file }) => file.includes(`${path.sep}libs${path.sep}`))) {
  visit(source, (node) => {
    if (!ts.isCallExpression(node) || !LOADERS.has(calleeName(node) ?? '')) return;
    let owner = node.parent;
    while (owner && !ts.isFunctionDeclaration(owner)) owner = owner.parent;
    if (!owner?.name || file.endsWith('config-or-exit.ts')) return;
    loadingFunctions.set(owner.name.text, { loaded: node.arguments[0], parameters: owner.parameters.map((parameter) => parameter.name.getText(source)) });
  });
}

/** For each program (an app with a main.ts), the variables it reads. */
const readBy = new Map();
for (const { file, source } of parsed) {
  const program = programs.find((app) => file.startsWith(path.join(repoRoot, 'apps', app) + path.sep));
  if (!program) continue;
  visit(source, (node) => {
    if (!ts.isCallExpression(node)) return;
    const name = calleeName(node) ?? '';
    let variables = [];
    if (LOADERS.has(name)) variables = resolve(node.arguments[0]);
    const loader = loadingFunctions.get(name);
    if (loader) variables = resolve(loader.loaded, new Map(loader.parameters.map((parameter, i) => [parameter, node.arguments[i]]).filter(([, argument]) => argument)));
    for (const variable of variables) {
      const entry = readBy.get(variable.name) ?? { variable, programs: new Set() };
      entry.programs.add(program);
      readBy.set(variable.name, entry);
    }
  });
}

const cell = (text) => String(text ?? '').replace(/\|/g, '\\|');
function defaultText({ default: value, devDefault, choices, secret, testOnly }) {
  const parts = [];
  if (value !== undefined) parts.push(`\`${value}\``);
  if (devDefault !== undefined) parts.push(value === undefined ? `required outside a local stack; locally \`${devDefault}\`` : `locally \`${devDefault}\``);
  if (value === undefined && devDefault === undefined) parts.push('required');
  if (choices) parts.push(`one of \`${choices}\``);
  if (secret) parts.push('secret: a placeholder or public default is refused outside a local stack');
  if (testOnly) parts.push('test-only: any other value is refused outside a local stack');
  return parts.join('; ');
}

const rows = [...readBy.values()]
  .sort((a, b) => a.variable.name.localeCompare(b.variable.name))
  .map(({ variable, programs: readers }) => `| \`${variable.name}\` | ${[...readers].sort().join(', ')} | ${cell(defaultText(variable))} | ${cell(variable.doc)} |`);

const document = `# Configuration reference

Every environment variable of every program, generated from the code that reads it by
\`node tools/config-reference.mjs\` (do not edit by hand; the end-to-end suite fails when
this file and the code disagree). Each program reads and validates its variables once at
start-up and stops with a message naming every bad one. "Required outside a local stack"
means the variable has a local default for \`npm start\` and tests (which mark their
services with \`EMBED_LOCAL_STACK=1\`), which a deployment must replace, whatever
\`NODE_ENV\` says; a secret that is a placeholder (\`change-me\`) or a default this
repository publishes is refused there too (deploy/README.md). Defaults shown as code are the expressions in the
code; \`local.ports.*\` are the ports of \`npm start\` (libs/config/src/local-profiles.json).

| Variable | Read by | Default | Meaning |
|---|---|---|---|
${rows.join('\n')}
`;

const undocumented = [...readBy.values()].filter(({ variable }) => !variable.doc).map(({ variable }) => variable.name);
if (undocumented.length > 0) {
  process.stderr.write(`Variables read without a doc comment on their spec: ${undocumented.join(', ')}\n`);
  process.exit(1);
}

if (process.argv.includes('--check')) {
  const current = readFileSync(OUTPUT, 'utf8');
  if (current !== document) {
    process.stderr.write('docs/configuration.md is not what the code reads: run `node tools/config-reference.mjs`\n');
    process.exit(1);
  }
} else {
  writeFileSync(OUTPUT, document);
}
