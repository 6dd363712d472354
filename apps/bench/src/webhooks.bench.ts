import { spawnSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import { signatureHeader } from '@embed/webhook-signing';
import { type Benchmark, line } from './benchmark';
import { referenceEmail } from './reference-email';
import { percentile } from './stats';
import { benchStack } from './stack';

const BURST = 2_000;
/** In flight at once for the baseline loop: the dispatcher's per-project window. */
const BASELINE_CONCURRENCY = 16;
const LATENCY_SAMPLES = 100;
const ORIGIN = 'http://localhost:8080';

/** A receiver in this process that answers 200 at once and notes when each event (by export or design id) arrived. */
function startReceiver() {
  const arrivedAt = new Map<string, number>();
  const waiters = new Map<string, (at: number) => void>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.writeHead(200).end();
      const at = performance.now();
      const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const key = data?.exportId ?? data?.designId;
      arrivedAt.set(key, at);
      waiters.get(key)?.(at);
    });
  });
  const arrivalOf = (key: string) =>
    new Promise<number>((resolve) => {
      const at = arrivedAt.get(key);
      if (at !== undefined) resolve(at);
      else waiters.set(key, resolve);
    });
  return new Promise<{ url: string; arrivalOf: typeof arrivalOf; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/hooks`, arrivalOf, close: () => server.close() });
    }),
  );
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

function admin(...args: string[]) {
  const main = path.join(__dirname, '..', '..', 'admin', 'src', 'main.js');
  const result = spawnSync(process.execPath, [main, ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout);
}

/** Deliveries per second: a burst of outbox events (as the designs service writes them) until the last one arrives. */
async function dispatcherThroughput(projectId: string, receiver: Receiver): Promise<number> {
  const db = new Client({ connectionString: benchStack.databaseUrl() });
  await db.connect();
  const rows = Array.from({ length: BURST }, (_, n) => {
    const designId = `B${String(n).padStart(25, '0')}`;
    return { id: `evt_bench_${n}`, designId, data: { exportId: `exp_bench_${n}`, designId, userId: 'bench', revision: 0, source: 'server', format: 'html' } };
  });
  const start = performance.now();
  await db.query(
    `INSERT INTO "OutboxEvent" (id, "projectId", environment, type, "designId", data, "createdAt")
     SELECT r.id, $1, 'test', 'export.created', r."designId", r.data, now() AT TIME ZONE 'UTC'
     FROM jsonb_to_recordset($2::jsonb) AS r(id text, "designId" text, data jsonb)`,
    [projectId, JSON.stringify(rows)],
  );
  await db.end();
  const arrivals = await Promise.all(rows.map((row) => receiver.arrivalOf(row.data.exportId)));
  return BURST / ((Math.max(...arrivals) - start) / 1000);
}

/** The same POSTs, signed, from a plain loop: what the receiver and node:http allow at all. */
async function baselineThroughput(url: string): Promise<number> {
  const agent = new http.Agent({ keepAlive: true });
  const body = JSON.stringify({ id: 'dlv_baseline', type: 'ping', data: { message: 'x' } });
  const post = () =>
    new Promise<void>((resolve, reject) => {
      const request = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'service-signature': signatureHeader(body, ['whsec_b'], Date.now() / 1000) } });
      request.on('response', (response) => response.resume().on('end', resolve));
      request.on('error', reject);
      request.end(body);
    });
  let next = 0;
  const start = performance.now();
  await Promise.all(Array.from({ length: BASELINE_CONCURRENCY }, async () => { while (next++ < BURST) await post(); }));
  agent.destroy();
  return BURST / ((performance.now() - start) / 1000);
}

/** From a save answered by the API to its design.saved arriving, one at a time (no load). */
async function saveToDelivery(testKey: string, receiver: Receiver): Promise<number[]> {
  const base = benchStack.baseUrl();
  const minted = await fetch(`${base}/embed/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${testKey}` },
    body: JSON.stringify({ user: { id: 'bench-latency' }, origin: ORIGIN }),
  });
  const { token } = (await minted.json()) as { token: string };
  const body = JSON.stringify({ name: 'Latency', doc: referenceEmail() });
  const latencies: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const response = await fetch(`${base}/editor/v1/designs`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin: ORIGIN }, body });
    const saved = performance.now();
    const { id } = (await response.json()) as { id: string };
    latencies.push((await receiver.arrivalOf(id)) - saved);
  }
  return latencies.sort((a, b) => a - b);
}

/** One signed POST to the same receiver, timed alone: the floor of any delivery. */
async function directPostLatencies(url: string): Promise<number[]> {
  const body = JSON.stringify({ id: 'dlv_baseline', type: 'ping', data: { message: 'x' } });
  const latencies: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const start = performance.now();
    await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'service-signature': signatureHeader(body, ['whsec_b'], Date.now() / 1000) }, body });
    latencies.push(performance.now() - start);
  }
  return latencies.sort((a, b) => a - b);
}

/**
 * Webhook deliveries per second of one project to a receiver that answers 200 at once,
 * against a plain loop of signed POSTs at the same concurrency; and the latency from a
 * save to its design.saved arriving, against one signed POST alone.
 */
export const benchmark: Benchmark = {
  name: 'webhooks',
  async run() {
    const receiver = await startReceiver();
    try {
      const burstProject = admin('project', 'create', '--name', 'bench webhooks', '--mode', 'email', '--webhook-url', receiver.url, '--events', 'export.created');
      const savesProject = admin('project', 'create', '--name', 'bench saves', '--mode', 'email', '--test-site', ORIGIN, '--webhook-url', receiver.url, '--events', 'design.saved');
      const ours = await dispatcherThroughput(burstProject.projectId, receiver);
      const plain = await baselineThroughput(receiver.url);
      const saves = await saveToDelivery(savesProject.keys.test.secret, receiver);
      const direct = await directPostLatencies(receiver.url);
      const baseline = 'signed node:http POSTs from a plain loop';
      return [
        line('webhooks.deliveries_per_second', 'deliveries/s', ours, `${baseline} (${BASELINE_CONCURRENCY} in flight)`, plain),
        line('webhooks.save_to_delivery.p50', 'ms', percentile(saves, 0.5), `${baseline} (one at a time)`, percentile(direct, 0.5)),
        line('webhooks.save_to_delivery.p99', 'ms', percentile(saves, 0.99), `${baseline} (one at a time)`, percentile(direct, 0.99)),
      ];
    } finally {
      receiver.close();
    }
  },
};
