import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';
import projects from './tools/lib/project-roots.cjs';

const { projectRoots } = projects;

const repoRoot = path.dirname(fileURLToPath(import.meta.url));

/** The source folders of the projects with one of these tags (from their project.json, as Nx reads them). */
function sourcesTagged(tags) {
  return projectRoots(repoRoot)
    .map((root) => ({ root: path.relative(repoRoot, root), project: JSON.parse(readFileSync(path.join(root, 'project.json'), 'utf8')) }))
    .filter(({ project }) => (project.tags ?? []).some((tag) => tags.includes(tag)))
    .map(({ root }) => `${root}/src/**/*.{ts,tsx}`);
}

export default tseslint.config(
  // Generated code is checked against what makes it (tools/design-schema.mjs), not linted.
  { ignores: ['**/dist', '**/node_modules', '**/.local', '**/.nx', '**/coverage', '**/*.generated.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      // The design in one rule: apps use libs and never each other; pure libs (rendering,
      // contracts, origin rules) use no framework, database, network or Node module.
      // Each boundary is shown failing on a deliberate violation by
      // tools/lint-config/src/module-boundaries.spec.ts.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'runtime:pure', onlyDependOnLibsWithTags: ['runtime:pure'] },
            // Code that runs in a person's browser (the editor, the SDK) takes only what runs
            // there too: a Node lib would break the bundle or carry a server's code to the page.
            { sourceTag: 'runtime:browser', onlyDependOnLibsWithTags: ['runtime:pure', 'runtime:browser'] },
            // The integrators' client is a consumer of the service, at the top: the service's
            // own apps and libs take the types they share with it from libs/contracts.
            { sourceTag: 'scope:server', notDependOnLibsWithTags: ['scope:integrator'] },
            { sourceTag: 'type:lib', notDependOnLibsWithTags: ['scope:integrator'] },
            // The design document is the lowest layer, which everything else reads: it takes
            // nothing from libs/contracts or any other lib but the bottom helpers (layer:base).
            { sourceTag: 'layer:document', onlyDependOnLibsWithTags: ['layer:base'] },
            { sourceTag: 'layer:base', onlyDependOnLibsWithTags: ['layer:base'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // No import circles inside a project (between projects, the rule above refuses them):
    // a circle makes a module's exports undefined while the other loads, and hides which
    // part depends on which. Path aliases are left to the module-boundary rule.
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Every regular expression must run in linear time: patterns meet documents, requests
    // and pasted text, and one that backtracks (`/href\s*=\s*["']?\s*javascript/` on `href=`
    // and 100,000 spaces) kept the renderer from every tenant's renders for seconds.
    // eslint-plugin-regexp rather than recheck: it proves the property statically from the
    // pattern's own structure (a quantifier that can trade characters with another one, a
    // search that reads to the end again from every start, alternatives that overlap), so a
    // finding names the part to change and lint stays fast and deterministic in every
    // project; recheck searches for a slow input by fuzzing, which may miss one, takes
    // seconds a pattern, and wants a JVM or a native binary that this machine cannot install.
    // Rules judge each pattern alone; the linear-time property tests (render-core, editor)
    // measure whole functions on the largest hostile inputs the schema allows.
    // Checked by tools/lint-config/src/regexp-rules.spec.ts.
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs', '**/*.cjs'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': ['error', { report: 'potential', ignoreSticky: false, ignorePartial: false }],
      'regexp/no-dupe-disjunctions': ['error', { reportExponentialBacktracking: 'potential' }],
    },
  },
  {
    // The merge-tag grammar is the design document's (libs/design-document/src/merge-tags.ts):
    // the design checks ask it (tagsIn, filledTag, leadingTag) and write no pattern of their
    // own for `{{…}}`, which would drift from the one the renderer fills.
    // Checked by tools/lint-config/src/module-boundaries.spec.ts.
    files: ['libs/design-checks/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[String.raw`Literal[regex.pattern=/\\\{\\\{|\{\{/]`, String.raw`NewExpression[callee.name='RegExp'] > Literal[value=/\{\{/]`].map((selector) => ({
          selector,
          message: 'A merge-tag pattern: take the grammar from @embed/design-document/model (tagsIn, filledTag, leadingTag, MERGE_TAG).',
        })),
      ],
    },
  },
  {
    // Pure and browser code imports no Node module (node:crypto, fs, ...): the browser code
    // (the editor, the SDK) takes pure libs, so a Node import in one would carry server code
    // into the page or break its bundle. A lib that needs Node is tagged runtime:node, which
    // the boundary rule keeps from browser code. Tests and test helpers run in Node.
    // Checked by tools/lint-config/src/module-boundaries.spec.ts.
    files: sourcesTagged(['runtime:pure', 'runtime:browser']),
    ignores: ['**/*.spec.ts', '**/*.spec.tsx', '**/testing/**'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
  {
    // Tests read JSON answers field by field; typing every answer there adds nothing.
    files: ['**/*.spec.ts', 'apps/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', require: 'readonly', module: 'writable', __dirname: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', URL: 'readonly', Buffer: 'readonly', fetch: 'readonly', AbortSignal: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The demo integrator page's own script runs in the browser, beside the SDK it loads.
    files: ['apps/editor-demo/public/**/*.js'],
    languageOptions: { sourceType: 'module', globals: { window: 'readonly', document: 'readonly', location: 'readonly', history: 'readonly', fetch: 'readonly', URLSearchParams: 'readonly', EmbedEditor: 'readonly' } },
  },
);
