// `npm run bench`: every benchmark of the project, against a stack of its own (the
// bench profile's ports); the last lines are one JSON object each,
// {"name","unit","value","baseline","baseline_value","ratio"} (contracts section 5).
import path from 'node:path';
import { stopInfrastructure } from './lib/infra.mjs';
import { runAsync } from './lib/process.mjs';
import { profile, repoRoot } from './lib/profiles.mjs';
import { SERVICES, serviceSpec, startService, stopProcesses, waitUntilReady } from './lib/services.mjs';
import { prepareStack } from './lib/stack.mjs';

const p = profile('bench');
const started = [];
const children = [];
let exitCode = 1;
try {
  await prepareStack(p, { freshDatabase: true, started });
  // Limits are raised for load, by configuration only (never by a request).
  const env = { RATE_LIMIT_MULTIPLIER: '10000' };
  children.push(...SERVICES.map((name) => startService(serviceSpec(name, p, env))));
  await waitUntilReady(p.baseUrl);
  const main = path.join(repoRoot, 'dist', 'apps', 'bench', 'src', 'main.js');
  await runAsync(process.execPath, [main, ...process.argv.slice(2)], {
    cwd: repoRoot,
    env: { ...process.env, ...p.env, BENCH_BASE_URL: p.baseUrl },
  });
  exitCode = 0;
} catch (error) {
  process.stderr.write(`npm run bench failed: ${error.message}\n`);
} finally {
  await stopProcesses(children.map((child) => child.pid));
  await stopInfrastructure(started);
}
process.exit(exitCode);
