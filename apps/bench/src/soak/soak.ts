import { readFileSync } from 'node:fs';
import path from 'node:path';
import { newProject } from '../seed';
import { type EndpointFigures, EndpointStats } from './endpoint-stats';
import { FlakyReceiver } from './flaky-receiver';
import { DAY_MIX, Integrator, type Operation } from './integrator';
import { residentMb } from './memory';

export interface SoakOptions {
  baseUrl: string;
  /** Each service's pid, by name. */
  services: Record<string, number>;
  /** Measured traffic, after the warm-up. */
  seconds: number;
  warmupSeconds: number;
  /** How long the webhooks still waiting at the end are given to arrive. */
  drainSeconds: number;
}

export interface Backlog {
  designs: number;
  exports: number;
  erasures: number;
}

export interface SoakReport {
  endpoints: EndpointFigures[];
  /** Requests never sent because too many were already waiting for an answer (the stack had fallen behind). */
  shed: number;
  firstErrors: Record<string, string>;
  webhooks: { deliveries: number; failedOnPurpose: number; slowOnPurpose: number; badSignatures: number; backlogAtEnd: Backlog; backlogAfterDrain: Backlog; drainSeconds: number };
  memoryMb: { start: Record<string, number>; end: Record<string, number> };
}

const PROJECTS = 2;
const PEOPLE_PER_PROJECT = 25;
const TICK_MS = 100;
/** Requests waiting for an answer past which new ones are not sent, and counted as shed. */
const MAX_IN_FLIGHT = 64;
const MEMORY_SAMPLES = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How busy the integrator is `fraction` of the way through the run: a day squeezed into it, quiet at both ends, twice as busy at noon. */
export const dayIntensity = (fraction: number) => 1 - 0.5 * Math.cos(2 * Math.PI * fraction);

/**
 * Sends the day's mix as it comes, each request independent of the answers to the others
 * (an integrator's traffic does not wait for ours): every tick, each kind of request is
 * sent with the chance its rate gives.
 */
async function traffic(integrator: Integrator, seconds: number, intensity: (fraction: number) => number, shed: { count: number }): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  const start = Date.now();
  for (let now = start; now - start < seconds * 1000; now = Date.now()) {
    const busy = intensity((now - start) / (seconds * 1000));
    for (const [operation, perMinute] of Object.entries(DAY_MIX) as Array<[Operation, number]>) {
      if (Math.random() >= (perMinute * busy * TICK_MS) / 60_000) continue;
      if (inFlight.size >= MAX_IN_FLIGHT) {
        shed.count++;
        continue;
      }
      const request = integrator.perform(operation).finally(() => inFlight.delete(request));
      inFlight.add(request);
    }
    await sleep(TICK_MS);
  }
  await Promise.all(inFlight);
}

/** Each service's resident memory, the median of a few readings a second apart (one reading catches a GC mid-way). */
async function memory(services: Record<string, number>): Promise<Record<string, number>> {
  const readings: Array<Record<string, number>> = [];
  for (let i = 0; i < MEMORY_SAMPLES; i++, await sleep(1_000)) readings.push(residentMb(services));
  return Object.fromEntries(Object.keys(services).map((name) => [name, readings.map((reading) => reading[name]).sort((a, b) => a - b)[MEMORY_SAMPLES >> 1]]));
}

function backlog(integrator: Integrator, receiver: FlakyReceiver): Backlog {
  const { revisions, exports, erased } = integrator.expected;
  return {
    designs: [...revisions].filter(([design, revision]) => (receiver.revisions.get(design) ?? -1) < revision).length,
    exports: [...exports].filter((exportId) => !receiver.exports.has(exportId)).length,
    erasures: [...erased].filter((userId) => !receiver.erased.has(userId)).length,
  };
}

const waiting = (left: Backlog) => left.designs + left.exports + left.erasures;

/**
 * An integrator's day against a running stack: tokens, lists, gets, editor saves,
 * renders, HTML and PDF exports and erasures for people of a few projects whose webhook
 * receiver is sometimes slow and sometimes fails. Memory is read after the warm-up and
 * at the end; the webhooks still owed at the end are given `drainSeconds` to arrive.
 */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const receiver = new FlakyReceiver();
  const url = await receiver.start();
  try {
    const projects = Array.from({ length: PROJECTS }, (_, n) => newProject(`soak ${n + 1}`, { webhookUrl: url }));
    for (const { projectId, webhookSecret } of projects) receiver.trust(projectId, webhookSecret ?? '');
    const doc = JSON.parse(readFileSync(path.resolve(__dirname, '../../../../../docs/examples/designs/email.json'), 'utf8'));
    const integrator = new Integrator(options.baseUrl, projects, PEOPLE_PER_PROJECT, doc);
    const shed = { count: 0 };
    await traffic(integrator, options.warmupSeconds, () => 1, shed);
    const start = await memory(options.services);

    const stats = (integrator.stats = new EndpointStats());
    shed.count = 0;
    await traffic(integrator, options.seconds, dayIntensity, shed);
    const end = await memory(options.services);

    const backlogAtEnd = backlog(integrator, receiver);
    const drainStart = Date.now();
    while (waiting(backlog(integrator, receiver)) > 0 && Date.now() - drainStart < options.drainSeconds * 1000) await sleep(500);
    return {
      endpoints: stats.figures(),
      shed: shed.count,
      firstErrors: Object.fromEntries(stats.firstErrors),
      webhooks: {
        deliveries: receiver.deliveries,
        failedOnPurpose: receiver.failed,
        slowOnPurpose: receiver.slow,
        badSignatures: receiver.badSignatures,
        backlogAtEnd,
        backlogAfterDrain: backlog(integrator, receiver),
        drainSeconds: Math.round((Date.now() - drainStart) / 100) / 10,
      },
      memoryMb: { start, end },
    };
  } finally {
    await receiver.stop();
  }
}

/** Errors of every endpoint (429 aside) and bad signatures: what a soak must keep at 0. */
export const soakErrors = (report: SoakReport) => report.endpoints.reduce((sum, endpoint) => sum + endpoint.errors, 0) + report.webhooks.badSignatures;

/** The service whose resident memory grew most from the start to the end, and by what factor. */
export function largestGrowth({ start, end }: SoakReport['memoryMb']): { service: string; start: number; end: number } {
  const [service] = Object.keys(start).sort((a, b) => end[b] / start[b] - end[a] / start[a]);
  return { service, start: start[service], end: end[service] };
}
