// A whole stack of one profile's own, for `npm run bench` and `npm run soak`: fresh
// database, the five services from the current code, one Node script run against them
// (with the stack's addresses and each service's pid), everything stopped after.
import path from 'node:path';
import { stopInfrastructure } from './infra.mjs';
import { runAsync } from './process.mjs';
import { repoRoot } from './profiles.mjs';
import { SERVICES, serviceSpec, startService, stopProcesses, waitUntilReady } from './services.mjs';
import { prepareStack } from './stack.mjs';

/**
 * Runs `dist/<script>` with `args` against profile `p`'s stack, started for it with
 * `serviceEnv` added to every service's environment (and the script's). The script
 * finds the gateway at BENCH_BASE_URL and the services' pids in BENCH_SERVICE_PIDS
 * (JSON, by service name). Throws when the script fails.
 */
export async function runOnOwnStack(p, script, args, serviceEnv = {}) {
  const started = [];
  const children = [];
  try {
    await prepareStack(p, { freshDatabase: true, started });
    children.push(...SERVICES.map((name) => startService(serviceSpec(name, p, serviceEnv))));
    // A shared machine under load can take minutes to start five Node processes and a browser.
    await waitUntilReady(p.baseUrl, 300_000);
    const pids = Object.fromEntries(SERVICES.map((name, i) => [name, children[i].pid]));
    await runAsync(process.execPath, [path.join(repoRoot, 'dist', script), ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...p.env, ...serviceEnv, BENCH_BASE_URL: p.baseUrl, BENCH_SERVICE_PIDS: JSON.stringify(pids) },
    });
  } finally {
    await stopProcesses(children.map((child) => child.pid));
    await stopInfrastructure(started);
  }
}
