// Builds the publishable package of the client into the folder given as the first
// argument: index.js (CommonJS, with what it uses of the internal libs inlined, so that
// the package has no dependency), index.d.ts (the types, internal ones inlined too),
// package.json and README.md. Run: node libs/client/scripts/build-package.mjs <out-dir>
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { generateDtsBundle } from 'dts-bundle-generator';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(projectRoot, 'src', 'index.ts');
const tsconfig = path.join(projectRoot, 'tsconfig.package.json');

/**
 * The internal libs the client uses are pure (their modules only declare), so esbuild
 * may leave out every module of theirs the client does not use, such as the webhook
 * URL checks beside the signing code.
 */
const libsDir = path.dirname(projectRoot) + path.sep;
const internalLibsArePure = {
  name: 'internal-libs-are-pure',
  setup(build) {
    build.onResolve({ filter: /^/ }, async ({ path: specifier, kind, resolveDir, importer, pluginData }) => {
      if (pluginData === 'pure') return undefined;
      const resolved = await build.resolve(specifier, { kind, resolveDir, importer, pluginData: 'pure' });
      const internal = resolved.path.startsWith(libsDir) && !resolved.path.startsWith(projectRoot + path.sep);
      return internal ? { ...resolved, sideEffects: false } : resolved;
    });
  },
};

export async function buildPackage(outDir) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const manifest = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8'));
  await build({
    entryPoints: [entry],
    outfile: path.join(outDir, 'index.js'),
    bundle: true,
    platform: 'node',
    target: `node${manifest.engines.node.replace(/\D/g, '')}`,
    format: 'cjs',
    tsconfig,
    plugins: [internalLibsArePure],
    legalComments: 'none',
    logLevel: 'warning',
  });
  const [types] = generateDtsBundle([{ filePath: entry, output: { noBanner: true, exportReferencedTypes: false } }], { preferredConfigPath: tsconfig });
  writeFileSync(path.join(outDir, 'index.d.ts'), types);
  writeFileSync(path.join(outDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  copyFileSync(path.join(projectRoot, 'README.md'), path.join(outDir, 'README.md'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2];
  if (!outDir) throw new Error('usage: node libs/client/scripts/build-package.mjs <out-dir>');
  await buildPackage(path.resolve(outDir));
}
