import { createHash } from 'node:crypto';
import { buildSync } from 'esbuild';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '../../../../..');

/**
 * A worker file of TypeScript source, made runnable for a unit test: Jest compiles only
 * what it requires itself, and a worker thread loads its file with Node's own loader. The
 * source and the repository's libs (by their path aliases) are bundled into one file
 * under node_modules/.cache, named by its content (so that test runs share it), where its
 * packages resolve from the repository's node_modules as the built service's do. The
 * service itself runs the file that the build compiled (dist/), never this.
 */
export function bundledWorker(source: string): string {
  const [bundle] = buildSync({
    entryPoints: [source],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    packages: 'external',
    tsconfig: path.join(repoRoot, 'tsconfig.base.json'),
    logLevel: 'error',
    write: false,
  }).outputFiles;
  const hash = createHash('sha256').update(bundle.contents).digest('hex').slice(0, 16);
  const file = path.join(repoRoot, 'node_modules/.cache/worker-bundles', `${path.basename(source, '.ts')}-${hash}.js`);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    // Written whole, then renamed: a test run beside this one never loads half a file.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, bundle.contents);
    renameSync(partial, file);
  }
  return file;
}
