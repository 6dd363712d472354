import { execFileSync } from 'node:child_process';
import path from 'node:path';

// The repository's lint configuration refuses an import across each boundary the design
// draws (the depConstraints of @nx/enforce-module-boundaries in eslint.config.mjs), a Node
// module imported by pure or browser code (import-x/no-nodejs-modules), and a
// merge-tag pattern in the design checks, whose grammar is the design document's. Each
// probe is code linted as if it were a file of the project named, through ESLint's
// lintText: nothing is written to the tree, so no probe can be left behind to break lint.
// The rule reads Nx's cached project graph and, when there is none, skips with a warning:
// the child computes the graph first, from the project.json files as they are now.

const repoRoot = path.resolve(__dirname, '../../..');
type Probe = { file: string; code: string };
const MARK = '--- results ---';

/** The rules that say the boundaries: the module-boundary rule, and syntax rules where tags cannot say it. */
const BOUNDARY_RULES = ['@nx/enforce-module-boundaries', 'no-restricted-syntax', 'import-x/no-nodejs-modules'];

/** For each probe, the messages of the boundary rules' errors on its code. */
function boundaryErrors(probes: Probe[]): string[][] {
  const script = `
    import { createProjectGraphAsync } from '@nx/devkit';
    import { ESLint } from 'eslint';
    await createProjectGraphAsync({ exitOnError: true });
    const eslint = new ESLint({ cwd: process.cwd() });
    const results = [];
    for (const { file, code } of JSON.parse(process.env.PROBES)) {
      const [result] = await eslint.lintText(code, { filePath: file });
      results.push(result.messages.filter((m) => m.severity === 2 && process.env.RULES.split(',').includes(m.ruleId)).map((m) => m.message));
    }
    process.stdout.write(${JSON.stringify(MARK)} + JSON.stringify(results));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: repoRoot,
    env: { ...process.env, NX_DAEMON: 'false', RULES: BOUNDARY_RULES.join(','), PROBES: JSON.stringify(probes.map(({ file, code }) => ({ file: path.join(repoRoot, file), code }))) },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return JSON.parse(output.slice(output.indexOf(MARK) + MARK.length)) as string[][];
}

const probe = (project: string, from: string, name: string) => ({ file: `${project}/src/__lint_probe__.ts`, code: `import { ${name} } from '${from}';\nexport const probe = ${name};\n` });

/** Each boundary: a deliberate violation, the words of the refusal, and the import the design wants instead. */
const RULES = [
  {
    rule: 'the editor (browser code) takes no Node-only lib',
    violation: probe('apps/editor', '@embed/storage', 'ObjectStorage'),
    refusal: 'A project tagged with "runtime:browser" can only depend on libs tagged with "runtime:pure", "runtime:browser"',
    allowed: probe('apps/editor', '@embed/contracts/filenames', 'safeFilename'),
  },
  {
    rule: 'the SDK (browser code) takes no Node-only lib',
    violation: probe('apps/editor-sdk', '@embed/config', 'loadConfig'),
    refusal: 'A project tagged with "runtime:browser" can only depend on libs tagged with "runtime:pure", "runtime:browser"',
    allowed: probe('apps/editor-sdk', '@embed/editor-journal', 'Journal'),
  },
  {
    rule: 'the editor (browser code) imports no Node module itself',
    violation: { file: 'apps/editor/src/__lint_probe__.ts', code: "import { randomBytes } from 'node:crypto';\nexport const probe = randomBytes;\n" },
    refusal: 'Do not import Node.js builtin module "node:crypto"',
    allowed: { file: 'apps/editor/src/__lint_probe__.ts', code: 'export const probe = crypto.getRandomValues(new Uint8Array(16));\n' },
  },
  {
    rule: 'a pure lib, which browser code may take, imports no Node module',
    violation: { file: 'libs/contracts/src/__lint_probe__.ts', code: "import { createHash } from 'crypto';\nexport const probe = createHash;\n" },
    refusal: 'Do not import Node.js builtin module "crypto"',
    allowed: probe('libs/contracts', '@embed/design-document', 'validateDesign'),
  },
  {
    rule: 'the editor (browser code) takes no lib that needs Node (one tagged runtime:node for it)',
    violation: probe('apps/editor', '@embed/credentials', 'newEditorToken'),
    refusal: 'A project tagged with "runtime:browser" can only depend on libs tagged with "runtime:pure", "runtime:browser"',
    allowed: probe('apps/editor', '@embed/editor-core', 'applyCommand'),
  },
  {
    rule: "the gateway takes nothing from the integrators' client",
    violation: probe('apps/gateway', '@embed/node-client', 'parseWebhook'),
    refusal: 'A project tagged with "scope:server" can not depend on libs tagged with "scope:integrator"',
    allowed: probe('apps/gateway', '@embed/contracts', 'SUBSCRIBABLE_EVENTS'),
  },
  {
    rule: "no lib builds on the integrators' client",
    violation: probe('libs/data-access', '@embed/node-client', 'parseWebhook'),
    refusal: 'A project tagged with "type:lib" can not depend on libs tagged with "scope:integrator"',
    allowed: probe('libs/data-access', '@embed/contracts', 'SUBSCRIBABLE_EVENTS'),
  },
  {
    rule: 'the design document takes nothing from libs/contracts',
    violation: probe('libs/design-document', '@embed/contracts', 'ok'),
    refusal: 'A project tagged with "layer:document" can only depend on libs tagged with "layer:base"',
    allowed: probe('libs/design-document', '@embed/storable-json', 'findJsonFault'),
  },
  {
    rule: 'the design checks write no merge-tag pattern of their own',
    violation: { file: 'libs/design-checks/src/__lint_probe__.ts', code: 'export const tags = (text: string) => text.match(/\\{\\{([^{}]+)\\}\\}/g);\n' },
    refusal: 'A merge-tag pattern: take the grammar from @embed/design-document/model',
    allowed: probe('libs/design-checks', '@embed/design-document/model', 'tagsIn'),
  },
  {
    rule: 'the design checks build no merge-tag pattern from a string either',
    violation: { file: 'libs/design-checks/src/__lint_probe__.ts', code: "export const tag = new RegExp('{{\\\\s*(\\\\w+)\\\\s*}}', 'g');\n" },
    refusal: 'A merge-tag pattern: take the grammar from @embed/design-document/model',
    // The messages' placeholders are single braces, not merge tags.
    allowed: { file: 'libs/design-checks/src/__lint_probe__.ts', code: 'export const placeholder = /\\{(\\w+)\\}/g;\n' },
  },
];

const DEMO_USES_CLIENT = probe('apps/editor-demo', '@embed/node-client', 'EmbedClient');

describe('the lint configuration on module boundaries', () => {
  let found: string[][];
  beforeAll(() => {
    found = boundaryErrors([...RULES.flatMap(({ violation, allowed }) => [violation, allowed]), DEMO_USES_CLIENT]);
  }, 120_000);

  it.each(RULES.map(({ rule }, i) => [rule, i] as const))('refuses a deliberate violation: %s', (_rule, i) => {
    expect(found[2 * i]).toHaveLength(1);
    expect(found[2 * i][0]).toContain(RULES[i].refusal);
  });

  it.each(RULES.map(({ rule }, i) => [rule, i] as const))('takes the import the design wants instead: %s', (_rule, i) => {
    expect(found[2 * i + 1]).toEqual([]);
  });

  it('lets an integrator, the demo site, use the client', () => {
    expect(found[2 * RULES.length]).toEqual([]);
  });
});
