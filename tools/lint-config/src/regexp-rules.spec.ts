import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// The repository's lint configuration refuses a regular expression that can take
// super-linear time, in every project and every kind of source file. ESLint runs in one
// child process, as `nx lint` runs it: its flat configuration is an ES module, which Jest's
// module system does not load.

const repoRoot = path.resolve(__dirname, '../../..');
type Probe = { file: string; code: string };
const MARK = '--- results ---';

/** For each probe, the regexp/* rules that fail on its code, linted as if it were the file named. */
function regexpErrors(probes: Probe[]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const eslint = new ESLint({ cwd: process.cwd() });
    const results = [];
    for (const { file, code } of JSON.parse(process.env.PROBES)) {
      const [result] = await eslint.lintText(code, { filePath: file });
      results.push(result.messages.filter((m) => m.severity === 2).map((m) => m.ruleId));
    }
    process.stdout.write(${JSON.stringify(MARK)} + JSON.stringify(results));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: repoRoot,
    env: { ...process.env, PROBES: JSON.stringify(probes.map(({ file, code }) => ({ file: path.join(repoRoot, file), code }))) },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const results = JSON.parse(output.slice(output.indexOf(MARK) + MARK.length)) as (string | null)[][];
  return results.map((rules) => rules.filter((rule): rule is string => !!rule?.startsWith('regexp/')));
}

const FILES = ['libs/render-core/src/probe.ts', 'apps/editor/src/probe.tsx', 'apps/e2e/src/probe.e2e.ts', 'tools/probe.mjs', 'libs/client/scripts/probe.js'];
// The pattern that kept the renderer busy for 13 s on `href=` and 100,000 spaces.
const QUADRATIC = `export const unsafe = (html) => /href\\s*=\\s*["']?\\s*javascript/i.test(html);\n`;
const MOVE = "export const names = (path: string) => [...path.matchAll(/\\{([^}]+)\\}/g)];\n";
const EXPONENTIAL = 'export const words = /^(?:\\w|\\d)+$/;\n';
// A pattern written as a string, as JSON Schema keeps them; the design document's patterns run on every request.
const asCode = (pattern: string) => `export const pattern = new RegExp(${JSON.stringify(pattern)}, 'u');\n`;
const CONSTRUCTED = asCode('href\\s*=\\s*["\']?\\s*javascript');
const patternsIn = (node: unknown): string[] =>
  typeof node !== 'object' || node === null
    ? []
    : Object.entries(node).flatMap(([key, value]) => (key === 'pattern' && typeof value === 'string' ? [value] : patternsIn(value)));
const SCHEMA_PATTERNS = [...new Set(patternsIn(JSON.parse(readFileSync(path.join(repoRoot, 'docs/design-document.schema.json'), 'utf8'))))];
const LINEAR = [
  "export const names = (path: string) => [...path.matchAll(/\\{([^{}]+)\\}/g)];",
  'export const css = /(?:url|expression|image-set)\\s*\\(/i;',
  'export const blank = (text: string) => /^[ \\t\\r\\n]*$/.test(text);',
].join('\n');

describe('the lint configuration on regular expressions', () => {
  let found: string[][];
  beforeAll(() => {
    found = regexpErrors([
      ...FILES.map((file) => ({ file, code: QUADRATIC })),
      { file: FILES[0], code: MOVE },
      { file: FILES[0], code: EXPONENTIAL },
      { file: FILES[0], code: LINEAR },
      { file: FILES[0], code: CONSTRUCTED },
      ...SCHEMA_PATTERNS.map((pattern) => ({ file: FILES[0], code: asCode(pattern) })),
    ]);
  }, 120_000);

  it.each(FILES.map((file, i) => [file, i] as const))('refuses a pattern that backtracks quadratically, in %s', (_file, i) => {
    expect(found[i]).toContain('regexp/no-super-linear-backtracking');
  });

  it('refuses a search that reads to the end again from every start', () => {
    expect(found[FILES.length]).toEqual(['regexp/no-super-linear-move']);
  });

  it('refuses alternatives that can match the same text, the source of exponential backtracking', () => {
    expect(found[FILES.length + 1]).toContain('regexp/no-dupe-disjunctions');
  });

  it('takes the linear forms the code uses instead', () => {
    expect(found[FILES.length + 2]).toEqual([]);
  });

  it('judges a pattern given as a string too', () => {
    expect(found[FILES.length + 3]).toContain('regexp/no-super-linear-backtracking');
  });

  it('finds every pattern of the design document schema linear', () => {
    expect(SCHEMA_PATTERNS.length).toBeGreaterThan(5);
    const offending = SCHEMA_PATTERNS.filter((_pattern, i) => found[FILES.length + 4 + i].length > 0);
    expect(offending).toEqual([]);
  });
});
