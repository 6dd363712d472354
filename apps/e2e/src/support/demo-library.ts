import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { baseUrl, repoRoot } from './stack';

/** Runs `npm start`'s seeding of the demo's library (tools/lib/demo-library.mjs) for the project of `secretKey`, as npm start runs it. */
export function seedDemoLibrary(secretKey: string): void {
  const script = `import { seedDemoLibrary } from ${JSON.stringify(path.join(repoRoot, 'tools/lib/demo-library.mjs'))}; await seedDemoLibrary(process.argv[1], process.argv[2]);`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script, baseUrl(), secretKey]);
}
