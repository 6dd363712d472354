import { buildSync } from 'esbuild';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '../../../../..');

/**
 * A worker file of TypeScript source, made runnable for a unit test: Jest compiles only
 * what it requires itself, and a worker thread loads its file with Node's own loader. The
 * source and the repository's libs (by their path aliases) are bundled into one file
 * under node_modules/.cache, so that its packages resolve from the repository's
 * node_modules as the built service's do. The service itself runs the file that the
 * build compiled (dist/), never this.
 */
export function bundledWorker(source: string): string {
  const outfile = path.join(repoRoot, 'node_modules/.cache/worker-bundles', `${process.pid}-${path.basename(source, '.ts')}.js`);
  mkdirSync(path.dirname(outfile), { recursive: true });
  buildSync({
    entryPoints: [source],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    packages: 'external',
    tsconfig: path.join(repoRoot, 'tsconfig.base.json'),
    logLevel: 'error',
  });
  return outfile;
}
