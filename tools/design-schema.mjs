// Writes docs/design-document.schema.json from the design document's definition
// (libs/design-document/src/definition). `--check` fails instead when the file is not what
// the definition says (the unit tests of libs/design-document check it too).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from './lib/profiles.mjs';

const OUTPUT = path.join(repoRoot, 'docs', 'design-document.schema.json');
const bundle = await build({
  entryPoints: [path.join(repoRoot, 'libs/design-document/src/definition/json-schema.ts')],
  bundle: true,
  format: 'esm',
  platform: 'node',
  write: false,
});
const { publishedSchemaText } = await import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`);
const text = publishedSchemaText();

if (process.argv.includes('--check')) {
  if (readFileSync(OUTPUT, 'utf8') !== text) {
    console.error(`${path.relative(repoRoot, OUTPUT)} is not what the definition says: run node tools/design-schema.mjs`);
    process.exit(1);
  }
} else writeFileSync(OUTPUT, text);
