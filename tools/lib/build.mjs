// Compiles apps/ and libs/ to dist/ with SWC (decorator metadata included, which
// NestJS needs), rewriting the tsconfig path aliases to relative requires; the browser
// apps are bundled by esbuild instead (build-editor.mjs). Then writes the gateway's API
// reference page (apps/gateway/src/openapi/write-reference.ts).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildEditor } from './build-editor.mjs';
import { repoRoot } from './profiles.mjs';

const SOURCE_DIRS = ['apps', 'libs'];
const BROWSER_APPS = ['apps/editor/', 'apps/editor-sdk/'];
const isTest = (file) => /\.(spec|e2e)\.ts$/.test(file) || file.split(path.sep).includes('e2e');
// An app's public/ folder (the demo site's page) is served as it is; generated code (the
// design document's validator) is JavaScript already.
const isAsset = (file) =>
  file.split(path.sep)[2] === 'public' || file.endsWith('.generated.js') || (file.endsWith('.json') && !/(project|tsconfig[^/]*|package)\.json$/.test(file));

export function swcOptions() {
  const tsconfig = JSON.parse(readFileSync(path.join(repoRoot, 'tsconfig.base.json'), 'utf8'));
  const swcrc = JSON.parse(readFileSync(path.join(repoRoot, '.swcrc'), 'utf8'));
  delete swcrc.$schema;
  return { ...swcrc, jsc: { ...swcrc.jsc, baseUrl: repoRoot, paths: tsconfig.compilerOptions.paths } };
}

function sourceFiles(dir) {
  return readdirSync(path.join(repoRoot, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.parentPath.includes('node_modules'))
    .map((entry) => path.relative(repoRoot, path.join(entry.parentPath, entry.name)));
}

export async function build() {
  const swc = await import('@swc/core');
  const options = swcOptions();
  const files = SOURCE_DIRS.flatMap(sourceFiles).filter((file) => !isTest(file) && !BROWSER_APPS.some((dir) => file.startsWith(dir)));
  await buildEditor();
  await Promise.all(
    files.map(async (file) => {
      const target = path.join(repoRoot, 'dist', file);
      mkdirSync(path.dirname(target), { recursive: true });
      if (isAsset(file)) return copyFileSync(path.join(repoRoot, file), target);
      if (!file.endsWith('.ts') || file.endsWith('.d.ts')) return;
      const output = await swc.transformFile(path.join(repoRoot, file), { ...options, filename: file, sourceFileName: path.relative(path.dirname(target), path.join(repoRoot, file)) });
      const jsFile = target.replace(/\.ts$/, '.js');
      writeFileSync(jsFile, `${output.code}\n//# sourceMappingURL=${path.basename(jsFile)}.map`);
      if (output.map) writeFileSync(`${jsFile}.map`, output.map);
    }),
  );
  // The API reference page, made from the OpenAPI document by the gateway's own code just compiled.
  execFileSync(process.execPath, [path.join(repoRoot, 'dist/apps/gateway/src/openapi/write-reference.js')], { stdio: 'inherit' });
}
