import { Client } from 'pg';
import { ulid } from 'ulid';
import { loadConfig, webhookDeliverySpecs } from '@embed/config';
import { LONGEST_BUDGET_MS } from '@embed/contracts';
import { hashSecret, newSecretKey, newWebhookSecret } from '@embed/credentials';
import { openRepositories } from '@embed/data-access';
import { type Benchmark, line } from './benchmark';
import { burstEvent, type ExportCreatedEvent, insertExportCreated, outboxRows } from './outbox';
import { HelperProcess, sharedClock } from './baseline/helper-process';
import type { Arrivals, ReceiverRequest } from './baseline/webhook-receiver';
import type { Envelope } from './baseline/signed-post';
import type { SenderRequest } from './baseline/webhook-sender';
import type { QueueRequest } from './baseline/graphile-worker-queue';
import { rotatingRounds } from './interleave';
import { referenceEmail } from './reference-email';
import { percentile } from './stats';
import { benchStack } from './stack';

type Receiver = HelperProcess<ReceiverRequest>;
type Sender = HelperProcess<SenderRequest>;
type Queue = HelperProcess<QueueRequest>;

/** Events per measured burst, in both scenarios. */
const BURST = 2_000;
/** Projects of the fairness scenario, each with BURST / PROJECTS events. */
const PROJECTS = 100;
/** Measured rounds of bursts (ours, graphile-worker's, the plain loop's, interleaved), after an unmeasured round. */
const ROUNDS = 5;
const WARMUP_ROUNDS = 1;
const LATENCY_SAMPLES = 100;
/** How long one burst may take before the benchmark gives up on it. */
const BURST_DEADLINE_MS = 300_000;
const ORIGIN = 'http://localhost:8080';

interface BenchProject {
  projectId: string;
  /** Its webhook's secret. */
  secret: string;
  url: string;
  testKey: string;
}

/** One export.created event of a burst (outbox.ts's burstEvent), with the project whose webhook it goes to. */
interface BurstEvent {
  project: BenchProject;
  event: ExportCreatedEvent;
}

/** What one burst measured: deliveries per second overall, and each project's time from the start to its last arrival. */
interface BurstResult {
  perSecond: number;
  completionMs: number[];
}

/** Starts sending a burst and resolves when all of it has been handed over (not delivered). */
type Go = () => Promise<unknown>;

/** A way of delivering bursts: `prepare` does what may come before the clock starts. */
interface Contender {
  prepare(events: BurstEvent[]): Promise<Go>;
}

let bursts = 0;

/** BURST events spread over `projects`, each project's events together (a project that writes in bulk, as a backlog does). */
function burstEvents(projects: BenchProject[]): { tag: string; events: BurstEvent[] } {
  const tag = `b${bursts++}`;
  const perProject = BURST / projects.length;
  const events = projects.flatMap((project, p) =>
    Array.from({ length: perProject }, (_, i) => ({ project, event: burstEvent(tag, p * perProject + i, project.projectId) })),
  );
  return { tag, events };
}

/** Ours: the events written to the outbox in one transaction, as the designs service writes them; the dispatcher does the rest. */
function dispatcher(db: Client): Contender {
  return {
    async prepare(events) {
      const rows = outboxRows(events.map(({ event }) => event));
      return () => insertExportCreated(db, rows);
    },
  };
}

/** The envelopes of a burst as our dispatcher would make them, for the baselines. */
function envelopesOf(events: BurstEvent[]): Envelope[] {
  const createdAt = new Date().toISOString();
  return events.map(({ project, event }) => {
    const body = JSON.stringify({ id: `dlv_${ulid().toLowerCase()}`, type: 'export.created', createdAt, projectId: project.projectId, environment: 'test', data: event.data });
    return { url: project.url, body, secret: project.secret };
  });
}

/** graphile-worker: the same envelopes, in the same order, queued as one job each in one call when the clock starts. */
function durableQueue(queue: Queue): Contender {
  return {
    async prepare(events) {
      await queue.ask({ kind: 'load', envelopes: envelopesOf(events) }, BURST_DEADLINE_MS);
      return () => queue.ask({ kind: 'send' }, BURST_DEADLINE_MS);
    },
  };
}

/** The physical reference: the same envelopes, in the same order, handed to the plain loop before the clock starts. */
function plainLoop(sender: Sender, concurrency: number): Contender {
  return {
    async prepare(events) {
      await sender.ask({ kind: 'load', envelopes: envelopesOf(events) }, BURST_DEADLINE_MS);
      return () => sender.ask({ kind: 'send', concurrency }, BURST_DEADLINE_MS);
    },
  };
}

/** One burst: from the moment sending starts to the last arrival at the receiver. */
async function burst(receiver: Receiver, contender: Contender, projects: BenchProject[]): Promise<BurstResult> {
  const { tag, events } = burstEvents(projects);
  const go = await contender.prepare(events);
  const start = sharedClock();
  const [arrivals] = await Promise.all([receiver.ask<Arrivals>({ kind: 'arrivals', prefix: `exp_${tag}_`, count: events.length }, BURST_DEADLINE_MS), go()]);
  return {
    perSecond: events.length / ((arrivals.lastAt - start) / 1000),
    completionMs: projects.map((project) => arrivals.lastByProject[project.projectId] - start),
  };
}

/** Bursts of each contender, interleaved (see rotatingRounds); the first round only warms up. */
async function interleavedBursts(receiver: Receiver, contenders: Contender[], projects: BenchProject[]): Promise<BurstResult[][]> {
  const results: BurstResult[][] = contenders.map(() => []);
  for (const [step, which] of rotatingRounds(contenders.length, WARMUP_ROUNDS + ROUNDS).entries()) {
    const result = await burst(receiver, contenders[which], projects);
    if (step >= contenders.length * WARMUP_ROUNDS) results[which].push(result);
  }
  return results;
}

const medianOf = (values: number[]) => percentile(values, 0.5);
/** How much later than the median project the last-but-one project finished (p99 of 100): 1 is perfectly even. */
const unevenness = ({ completionMs }: BurstResult) => percentile(completionMs, 0.99) / percentile(completionMs, 0.5);

/** From a save answered by the API to its design.saved arriving, against one envelope queued in graphile-worker to its arrival, interleaved, one at a time. */
async function latencies(receiver: Receiver, queue: Queue, project: BenchProject): Promise<[number[], number[]]> {
  const base = benchStack.baseUrl();
  const minted = await fetch(`${base}/embed/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${project.testKey}` },
    body: JSON.stringify({ user: { id: 'bench-latency' }, origin: ORIGIN }),
  });
  const { token } = (await minted.json()) as { token: string };
  const body = JSON.stringify({ name: 'Latency', doc: referenceEmail() });
  const arrivalOf = (designId: string) => receiver.ask<Arrivals>({ kind: 'arrivals', prefix: designId, count: 1 }, BURST_DEADLINE_MS);
  const ours = async () => {
    const response = await fetch(`${base}/editor/v1/designs`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin: ORIGIN }, body });
    const saved = sharedClock();
    const { id } = (await response.json()) as { id: string };
    return (await arrivalOf(id)).lastAt - saved;
  };
  const queued = async () => {
    const designId = ulid();
    const envelope = { id: `dlv_${ulid().toLowerCase()}`, type: 'design.saved', createdAt: new Date().toISOString(), projectId: project.projectId, environment: 'test', data: { designId, userId: 'bench-latency', revision: 0 } };
    await queue.ask({ kind: 'load', envelopes: [{ url: project.url, body: JSON.stringify(envelope), secret: project.secret }] }, BURST_DEADLINE_MS);
    const sent = sharedClock();
    await queue.ask({ kind: 'send' }, BURST_DEADLINE_MS);
    return (await arrivalOf(designId)).lastAt - sent;
  };
  const samples: [number[], number[]] = [[], []];
  for (const which of rotatingRounds(2, LATENCY_SAMPLES)) samples[which].push(await [ours, queued][which]());
  return samples;
}

/** Projects with a webhook to the receiver (each at its own path), made straight in the database: a hundred admin commands would take minutes. */
async function makeProjects(receiverUrl: string, name: string, count: number, events: 'export.created' | 'design.saved') {
  const repositories = openRepositories({ DATABASE_URL: benchStack.databaseUrl(), DATABASE_POOL_SIZE: 2, DATABASE_CONNECT_TIMEOUT_MS: LONGEST_BUDGET_MS, DATABASE_PREPARED_STATEMENTS: true });
  try {
    const projects: BenchProject[] = [];
    for (let i = 0; i < count; i++) {
      const url = `${receiverUrl}/${name}/${i}`;
      const secret = newWebhookSecret();
      const testKey = newSecretKey('test');
      const { projectId } = await repositories.projects.create({
        name: `bench ${name} ${i}`,
        mode: 'email',
        keys: [{ environment: 'test', secretHash: hashSecret(testKey) }],
        sites: [{ environment: 'test', origin: ORIGIN }],
        webhook: { url, events: [events], secret },
      });
      projects.push({ projectId, secret, url, testKey });
    }
    return projects;
  } finally {
    await repositories.close();
  }
}

/**
 * Webhook deliveries to a receiver in its own process that answers 200 at once: how many
 * per second our dispatcher sends from a burst of outbox events, for one project and for
 * a hundred at once (and how evenly those hundred finish), and how long a save takes to
 * arrive as design.saved. The baseline is graphile-worker in its own process on the same
 * PostgreSQL (baseline/graphile-worker-queue.ts): one job per envelope, signed and POSTed
 * with keep-alive, one attempt row written per job, as many in flight as the dispatcher's
 * WEBHOOK_CONCURRENCY, with its recommended batching. A plain loop that only signs and
 * POSTs the same envelopes (no database, no retries, no fairness) is the physical
 * reference: what the receiver and the machine allow at all.
 */
export const benchmark: Benchmark = {
  name: 'webhooks',
  async run() {
    const concurrency = loadConfig(webhookDeliverySpecs).WEBHOOK_CONCURRENCY;
    const receiver = await HelperProcess.start<ReceiverRequest>('webhook-receiver.js');
    const sender = await HelperProcess.start<SenderRequest>('webhook-sender.js');
    const queue = await HelperProcess.start<QueueRequest>('graphile-worker-queue.js');
    const db = new Client({ connectionString: benchStack.databaseUrl() });
    await db.connect();
    try {
      await queue.ask({ kind: 'start', connectionString: benchStack.databaseUrl(), concurrency }, 60_000);
      const { url } = await receiver.ask<{ url: string }>({ kind: 'url' }, 10_000);
      const single = await makeProjects(url, 'one', 1, 'export.created');
      const many = await makeProjects(url, 'many', PROJECTS, 'export.created');
      const [saves] = await makeProjects(url, 'saves', 1, 'design.saved');
      const contenders = [dispatcher(db), durableQueue(queue), plainLoop(sender, concurrency)];

      const [oursOne, queueOne, plainOne] = await interleavedBursts(receiver, contenders, single);
      const [oursMany, queueMany, plainMany] = await interleavedBursts(receiver, contenders, many);
      const [oursLatency, queueLatency] = await latencies(receiver, queue, saves);

      const durable = `graphile-worker 0.17 in its own process, same PostgreSQL, ${concurrency} jobs at once, batching on, an attempt row per job`;
      const loop = `signed POSTs from a plain loop in its own process, ${concurrency} in flight (physical reference, no target)`;
      const perSecond = (results: BurstResult[]) => medianOf(results.map((result) => result.perSecond));
      const oneAtATime = 'one job queued in graphile-worker to its arrival';
      return [
        line('webhooks.deliveries_per_second', 'deliveries/s', perSecond(oursOne), durable, perSecond(queueOne)),
        line(`webhooks.deliveries_per_second.${PROJECTS}_projects`, 'deliveries/s', perSecond(oursMany), durable, perSecond(queueMany)),
        line('webhooks.deliveries_per_second.plain_loop', 'deliveries/s', perSecond(oursOne), loop, perSecond(plainOne)),
        line(`webhooks.deliveries_per_second.${PROJECTS}_projects.plain_loop`, 'deliveries/s', perSecond(oursMany), loop, perSecond(plainMany)),
        line(
          `webhooks.${PROJECTS}_projects.completion_p99_over_median`,
          'ratio',
          medianOf(oursMany.map(unevenness)),
          `${durable}, in queue order`,
          medianOf(queueMany.map(unevenness)),
        ),
        line('webhooks.save_to_delivery.p50', 'ms', percentile(oursLatency, 0.5), oneAtATime, percentile(queueLatency, 0.5)),
        line('webhooks.save_to_delivery.p99', 'ms', percentile(oursLatency, 0.99), oneAtATime, percentile(queueLatency, 0.99)),
      ];
    } finally {
      await db.end();
      receiver.stop();
      sender.stop();
      queue.stop();
    }
  },
};
