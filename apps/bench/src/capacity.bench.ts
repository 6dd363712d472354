import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Benchmark, line } from './benchmark';
import { processes, treeOf } from './processes';
import { bearer, call, createDesign, editorToken, newProject } from './seed';
import { benchStack } from './stack';

const USER_ID = 'bench-capacity';
/** Quiet time measured first: what each service spends idle (timers, probes) is taken off. */
const IDLE_MS = 3_000;

/** CPU seconds of each service with everything it started (the renderer's Chromium too), ended children included. */
function cpuSeconds(services: Record<string, number>): Record<string, number> {
  const byPid = processes();
  return Object.fromEntries(Object.entries(services).map(([name, pid]) => [name, treeOf(byPid, pid).reduce((sum, each) => sum + (byPid.get(each)?.cpuSeconds ?? 0), 0)]));
}

/**
 * CPU milliseconds each service spends per operation: `count` operations, `concurrency`
 * at once, less what the service spends idle over as long. CPU time is what a replica's
 * cores give, whatever else shares the machine's cores (docs/capacity.md), and the wall
 * time per operation beside it says how busy that concurrency kept the stack.
 */
async function cpuPerOperation(services: Record<string, number>, count: number, concurrency: number, operation: () => Promise<unknown>) {
  const before = cpuSeconds(services);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const quiet = cpuSeconds(services);
  let next = 0;
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next++ < count) await operation();
  }));
  const wallMs = performance.now() - start;
  const after = cpuSeconds(services);
  const cpuMs = Object.fromEntries(Object.keys(services).map((name) => [name, (1000 * (after[name] - quiet[name] - ((quiet[name] - before[name]) * wallMs) / IDLE_MS)) / count]));
  return { cpuMs, wallMs: (wallMs * concurrency) / count };
}

/**
 * What one operation costs each service in CPU time, the figures docs/capacity.md turns
 * into replicas: a GET of a design (gateway, designs), a personalised render (gateway,
 * renderer), a PDF export of a saved design by one tenant (its page kept between jobs:
 * the renderer with its Chromium).
 */
export const benchmark: Benchmark = {
  name: 'capacity',
  async run() {
    const services = JSON.parse(process.env['BENCH_SERVICE_PIDS'] ?? '{}') as Record<string, number>;
    const baseUrl = benchStack.baseUrl();
    const { key } = newProject('bench capacity');
    const doc = JSON.parse(readFileSync(path.resolve(__dirname, '../../../../docs/examples/designs/email.json'), 'utf8'));
    const designId = await createDesign(baseUrl, await editorToken(baseUrl, key, USER_ID), 'Capacity', doc);
    const auth = bearer(key);
    const operations = {
      get_design: { count: 400, concurrency: 16, run: () => call('GET', `${baseUrl}/embed/v1/users/${USER_ID}/designs/${designId}`, auth), services: ['gateway', 'designs'] },
      render: { count: 200, concurrency: 8, run: () => call('POST', `${baseUrl}/embed/v1/render`, auth, { doc, merge: { contact: { first_name: 'Ada' } } }), services: ['gateway', 'renderer'] },
      pdf_export: { count: 40, concurrency: 2, run: () => call('POST', `${baseUrl}/embed/v1/designs/${designId}/export`, auth, { user: { id: USER_ID }, format: 'pdf' }), services: ['gateway', 'designs', 'renderer'] },
    };
    const lines = [];
    for (const [name, { count, concurrency, run, services: paying }] of Object.entries(operations)) {
      // Warm: caches, the JIT, the tenant's page.
      for (let i = 0; i < 5; i++) await run();
      const { cpuMs, wallMs } = await cpuPerOperation(services, count, concurrency, run);
      for (const service of paying) lines.push(line(`capacity.${name}.cpu_ms.${service}`, 'ms CPU', cpuMs[service], `wall ms per operation, ${concurrency} at once`, wallMs));
    }
    return lines;
  },
};
