// Bundles the browser code with esbuild: the editor app (apps/editor) into
// dist/editor/app/ with content-hashed names and an index.html that names them, and the
// SDK (apps/editor-sdk) into dist/editor/embed.js, whose URL is fixed (contracts §7).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    entryPoints: [path.join(repoRoot, 'apps/editor/src/main.tsx')],
    tsconfig: path.join(repoRoot, 'apps/editor/tsconfig.json'),
    jsx: 'automatic',
    jsxImportSource: 'preact',
    outdir: path.join(appDir, 'assets'),
    entryNames: '[name]-[hash]',
    metafile: true,
  });
  const outputs = Object.keys(app.metafile.outputs).map((file) => path.relative(appDir, path.resolve(repoRoot, file)));
  const js = outputs.find((file) => file.endsWith('.js'));
  const css = outputs.find((file) => file.endsWith('.css'));
  const template = readFileSync(path.join(repoRoot, 'apps/editor/src/index.html'), 'utf8');
  writeFileSync(path.join(appDir, 'index.html'), template.replace('%JS%', js).replace('%CSS%', css));

  await esbuild.build({
    ...common,
    entryPoints: [path.join(repoRoot, 'apps/editor-sdk/src/main.ts')],
    tsconfig: path.join(repoRoot, 'apps/editor-sdk/tsconfig.json'),
    outfile: path.join(EDITOR_DIST, 'embed.js'),
  });
}
