// Writes what is made from the design document's definition (libs/design-document/src/definition):
// docs/design-document.schema.json and the validator Ajv compiles from it
// (generated-files.ts). `--check` fails instead when a file is not what the definition says
// (the unit tests of libs/design-document check them too).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from './lib/profiles.mjs';

const bundle = await build({
  entryPoints: [path.join(repoRoot, 'libs/design-document/src/definition/generated-files.ts')],
  bundle: true,
  format: 'esm',
  platform: 'node',
  write: false,
});
const { generatedFiles } = await import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`);

let stale = false;
for (const file of generatedFiles()) {
  const target = path.join(repoRoot, file.path);
  if (!process.argv.includes('--check')) writeFileSync(target, file.text);
  else if (readFileSync(target, 'utf8') !== file.text) {
    console.error(`${file.path} is not what the definition says: run node tools/design-schema.mjs`);
    stale = true;
  }
}
process.exit(stale ? 1 : 0);
