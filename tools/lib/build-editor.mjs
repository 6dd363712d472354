// Bundles the browser code with esbuild: the editor app (apps/editor) into
// dist/editor/app/ with content-hashed names and an index.html that names them, and the
// SDK (apps/editor-sdk) into dist/editor/embed.js, whose URL is fixed (contracts §7), and
// the SDK's journal code into a hashed module beside the app's, which embed.js imports.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './profiles.mjs';

export const EDITOR_DIST = path.join(repoRoot, 'dist', 'editor');

const common = {
  bundle: true,
  minify: true,
  sourcemap: 'linked',
  target: ['chrome109', 'firefox115', 'safari16'],
  format: 'iife',
  legalComments: 'none',
  logLevel: 'warning',
};

export async function buildEditor() {
  const esbuild = await import('esbuild');
  rmSync(EDITOR_DIST, { recursive: true, force: true });
  const appDir = path.join(EDITOR_DIST, 'app');
  mkdirSync(appDir, { recursive: true });

  const app = await esbuild.build({
    ...common,
    // The app, the worker it runs the design checks in, the one that sanitizes html blocks for the canvas, and the one it converts an import in.
    entryPoints: [
      path.join(repoRoot, 'apps/editor/src/main.tsx'),
      path.join(repoRoot, 'apps/editor/src/checks-worker.ts'),
      path.join(repoRoot, 'apps/editor/src/html-worker.ts'),
      path.join(repoRoot, 'apps/editor/src/import-worker.ts'),
    ],
    tsconfig: path.join(repoRoot, 'apps/editor/tsconfig.json'),
    jsx: 'automatic',
    jsxImportSource: 'preact',
    outdir: path.join(appDir, 'assets'),
    entryNames: '[name]-[hash]',
    metafile: true,
  });
  const relative = (file) => path.relative(appDir, path.resolve(repoRoot, file));
  const outputs = Object.entries(app.metafile.outputs);
  const [js, main] = outputs.find(([, output]) => output.entryPoint?.endsWith('main.tsx'));
  const [worker] = outputs.find(([, output]) => output.entryPoint?.endsWith('checks-worker.ts'));
  const [htmlWorker] = outputs.find(([, output]) => output.entryPoint?.endsWith('html-worker.ts'));
  const [importWorker] = outputs.find(([, output]) => output.entryPoint?.endsWith('import-worker.ts'));
  const template = readFileSync(path.join(repoRoot, 'apps/editor/src/index.html'), 'utf8');
  const page = template
    .replace('%JS%', relative(js))
    .replace('%CSS%', relative(main.cssBundle))
    .replace('%CHECKS_WORKER%', relative(worker))
    .replace('%HTML_WORKER%', relative(htmlWorker))
    .replace('%IMPORT_WORKER%', relative(importWorker));
  writeFileSync(path.join(appDir, 'index.html'), page);
  // The images the renderer adds to designs (render-core's assets.ts: versioned names), served with the app's files: emails point at them, and the canvas shows them.
  cpSync(path.join(repoRoot, 'libs/render-core/assets'), path.join(appDir, 'assets'), { recursive: true, filter: (file) => !file.endsWith('.md') });

  // The SDK's journal code, a module among the app's hashed assets that embed.js imports when first needed.
  const sdkTsconfig = path.join(repoRoot, 'apps/editor-sdk/tsconfig.json');
  const journal = await esbuild.build({
    ...common,
    format: 'esm',
    entryPoints: { 'embed-journal': path.join(repoRoot, 'apps/editor-sdk/src/journal-chunk.ts') },
    tsconfig: sdkTsconfig,
    outdir: path.join(appDir, 'assets'),
    entryNames: '[name]-[hash]',
    metafile: true,
  });
  const journalChunk = Object.keys(journal.metafile.outputs).find((file) => file.endsWith('.js'));

  await esbuild.build({
    ...common,
    entryPoints: [path.join(repoRoot, 'apps/editor-sdk/src/main.ts')],
    tsconfig: sdkTsconfig,
    outfile: path.join(EDITOR_DIST, 'embed.js'),
    define: { EMBED_JOURNAL_CHUNK: JSON.stringify(path.basename(journalChunk)) },
  });
}
