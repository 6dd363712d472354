import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { loadConfig, webhookDeliverySpecs } from '@embed/config';
import type { DesignDocument } from '@embed/design-document';
import { HelperProcess } from './baseline/helper-process';
import type { ReceiverRequest } from './baseline/webhook-receiver';
import { type BenchLine, type Benchmark, line } from './benchmark';
import { cpuDuring, cpuPerOperation, type Meter, ownProcess, startedBy, treeLess, wholeTree } from './cpu-cost';
import { burstEvent, insertExportCreated, outboxRows } from './outbox';
import { processes } from './processes';
import { bearer, call, createDesign, editorToken, newProject } from './seed';
import { benchStack } from './stack';

const USER_ID = 'bench-capacity';
/**
 * Tenants exporting in turn so that none finds a page kept for it: more than the
 * renderer's RENDER_PAGES_TOTAL (6), so each tenant's kept page has made room for the
 * others' before its turn comes again, and every job costs Chromium a new context and page.
 */
const TENANTS_WITHOUT_KEPT_PAGE = 8;
/** Events per webhook burst, and measured bursts after one to warm up. */
const WEBHOOK_BURST = 2_000;
const WEBHOOK_BURSTS = 3;
const BURST_DEADLINE_MS = 300_000;

/** A project's test key and a design of its person. */
interface Tenant {
  key: string;
  designId: string;
}

/** An operation sent `count` times, `concurrency` at once, after `warmups` unmeasured ones; a row for each of `rows`. */
interface Operation {
  name: string;
  count: number;
  concurrency: number;
  warmups: number;
  run: () => Promise<unknown>;
  rows: string[];
}

async function newTenant(baseUrl: string, doc: DesignDocument, name: string): Promise<Tenant> {
  const { key } = newProject(name);
  return { key, designId: await createDesign(baseUrl, await editorToken(baseUrl, key, USER_ID), 'Capacity', doc) };
}

/** Exports of `format` by `tenants` in turn. */
function exportsBy(baseUrl: string, tenants: Tenant[], format: 'pdf' | 'png'): () => Promise<unknown> {
  let turn = 0;
  return () => {
    const { key, designId } = tenants[turn++ % tenants.length];
    return call('POST', `${baseUrl}/embed/v1/designs/${designId}/export`, bearer(key), { user: { id: USER_ID }, format });
  };
}

/**
 * PDF and PNG exports of a saved design, with the renderer's Node process and its Chromium
 * as separate rows: by one tenant, one at a time, so every job finds the page its last
 * one left (RENDER_PAGES_PER_TENANT); and by tenants in turn, so none does. A tenant's
 * first export renders its design's HTML, which later ones take from the cache: the
 * warm-ups include each tenant's first.
 */
async function exportOperations(baseUrl: string, doc: DesignDocument): Promise<Operation[]> {
  const rows = ['gateway', 'designs', 'renderer', 'chromium'];
  const operations: Operation[] = [];
  for (const format of ['pdf', 'png'] as const) {
    const kept = await newTenant(baseUrl, doc, `bench capacity ${format} kept page`);
    const turns = [];
    for (let i = 0; i < TENANTS_WITHOUT_KEPT_PAGE; i++) turns.push(await newTenant(baseUrl, doc, `bench capacity ${format} ${i}`));
    // 5 + 30 jobs on the one kept page: fewer than RENDER_PAGE_JOBS (50), after which it would be replaced.
    operations.push({ name: `${format}_export.kept_page`, count: 30, concurrency: 1, warmups: 5, run: exportsBy(baseUrl, [kept], format), rows });
    operations.push({ name: `${format}_export.new_page`, count: 32, concurrency: 2, warmups: turns.length, run: exportsBy(baseUrl, turns, format), rows });
  }
  return operations;
}

/**
 * PostgreSQL's server (the parent of the backend serving `db`) and that backend, which
 * the meters leave out: it only writes what a save would have written. Null when the
 * server is not a process on this machine (in a container, say).
 */
async function postgresOf(db: Client): Promise<{ server: number; backend: number } | null> {
  const { rows } = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const byPid = processes();
  const backend = rows[0].pid;
  const server = byPid.get(backend)?.parent;
  return server !== undefined && byPid.get(server)?.command === 'postgres' ? { server, backend } : null;
}

/**
 * Webhook deliveries: bursts of export.created events written to the outbox of one
 * project whose webhook is a receiver in a process of its own that answers 200 at once
 * (as webhooks.bench.ts measures its throughput); the CPU of the dispatcher and of
 * PostgreSQL, its every backend and the server's own processes, per delivery.
 */
async function webhookDeliveryLines(meters: Record<string, Meter>, db: Client, postgres: Meter | null): Promise<BenchLine[]> {
  const receiver = await HelperProcess.start<ReceiverRequest>('webhook-receiver.js');
  try {
    const { url } = await receiver.ask<{ url: string }>({ kind: 'url' }, 10_000);
    const { projectId } = newProject('bench capacity webhooks', { webhookUrl: `${url}/capacity` });
    let bursts = 0;
    const burst = async (size: number) => {
      const tag = `c${bursts++}`;
      const events = Array.from({ length: size }, (_, n) => burstEvent(tag, n, projectId));
      await Promise.all([receiver.ask({ kind: 'arrivals', prefix: `exp_${tag}_`, count: size }, BURST_DEADLINE_MS), insertExportCreated(db, outboxRows(events))]);
    };
    await burst(WEBHOOK_BURST / 4);
    const metered = { dispatcher: meters['dispatcher'], ...(postgres && { postgres }) };
    const { cpuMs, wallMs } = await cpuDuring(metered, async () => {
      for (let i = 0; i < WEBHOOK_BURSTS; i++) await burst(WEBHOOK_BURST);
    });
    const deliveries = WEBHOOK_BURSTS * WEBHOOK_BURST;
    const meanwhile = `deliveries a second meanwhile, ${loadConfig(webhookDeliverySpecs).WEBHOOK_CONCURRENCY} in flight, bursts of ${WEBHOOK_BURST}`;
    return Object.keys(metered).map((service) => line(`capacity.webhook_delivery.cpu_ms.${service}`, 'ms CPU', cpuMs[service] / deliveries, meanwhile, deliveries / (wallMs / 1000)));
  } finally {
    receiver.stop();
  }
}

/**
 * What one operation costs each service in CPU time, the figures docs/capacity.md turns
 * into replicas: a GET of a design (gateway, designs), a personalised render (gateway,
 * renderer), PDF and PNG exports on a page kept for the tenant and on a new one (the
 * renderer's Node process and its Chromium apart), and a webhook delivery (dispatcher,
 * PostgreSQL).
 */
export const benchmark: Benchmark = {
  name: 'capacity',
  async run() {
    const pids = JSON.parse(process.env['BENCH_SERVICE_PIDS'] ?? '{}') as Record<string, number>;
    const meters: Record<string, Meter> = {
      gateway: wholeTree(pids['gateway']),
      designs: wholeTree(pids['designs']),
      renderer: ownProcess(pids['renderer']),
      chromium: startedBy(pids['renderer']),
      dispatcher: wholeTree(pids['webhook-dispatcher']),
    };
    const baseUrl = benchStack.baseUrl();
    const doc = JSON.parse(readFileSync(path.resolve(__dirname, '../../../../docs/examples/designs/email.json'), 'utf8')) as DesignDocument;
    const reader = await newTenant(baseUrl, doc, 'bench capacity');
    const auth = bearer(reader.key);
    const operations: Operation[] = [
      { name: 'get_design', count: 400, concurrency: 16, warmups: 5, run: () => call('GET', `${baseUrl}/embed/v1/users/${USER_ID}/designs/${reader.designId}`, auth), rows: ['gateway', 'designs'] },
      { name: 'render', count: 200, concurrency: 8, warmups: 5, run: () => call('POST', `${baseUrl}/embed/v1/render`, auth, { doc, merge: { contact: { first_name: 'Ada' } } }), rows: ['gateway', 'renderer'] },
      ...(await exportOperations(baseUrl, doc)),
    ];
    const lines = [];
    for (const { name, count, concurrency, warmups, run, rows } of operations) {
      // Warm: caches, the JIT, the tenants' pages.
      for (let i = 0; i < warmups; i++) await run();
      const { cpuMs, wallMs } = await cpuPerOperation(meters, count, concurrency, run);
      for (const row of rows) lines.push(line(`capacity.${name}.cpu_ms.${row}`, 'ms CPU', cpuMs[row], `wall ms per operation, ${concurrency} at once`, wallMs));
    }
    const db = new Client({ connectionString: benchStack.databaseUrl() });
    await db.connect();
    try {
      const postgres = await postgresOf(db);
      if (!postgres) process.stderr.write('bench: PostgreSQL is not a process of this machine: no row of its CPU per webhook delivery\n');
      lines.push(...(await webhookDeliveryLines(meters, db, postgres && treeLess(postgres.server, postgres.backend))));
    } finally {
      await db.end();
    }
    return lines;
  },
};
