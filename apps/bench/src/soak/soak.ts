import { readFileSync } from 'node:fs';
import path from 'node:path';
import { newProject } from '../seed';
import { type EndpointFigures, EndpointStats } from './endpoint-stats';
import { FlakyReceiver } from './flaky-receiver';
import { DAY_MIX, Integrator, type Operation } from './integrator';
import { residentMb } from './memory';
import { PeakMemory } from './peak-memory';

export interface SoakOptions {
  baseUrl: string;
  /** Each service's pid, by name. */
  services: Record<string, number>;
  /** Measured traffic, after the warm-up (see warmUp). */
  seconds: number;
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
  /** Each service's highest resident memory in the warm-up's last minutes (start) and in the measured run (end). */
  memoryMb: { start: Record<string, number>; end: Record<string, number> };
}

const PROJECTS = 2;
const PEOPLE_PER_PROJECT = 25;
const TICK_MS = 100;
/** Requests waiting for an answer past which new ones are not sent, and counted as shed. */
const MAX_IN_FLIGHT = 64;

// Resident memory is read every MEMORY_READING_MS all along, and each figure is a
// service's highest reading over a stretch: the warm-up's last WARMUP_PEAK_S, then the
// measured run. A reading at one moment says little of a service's working size. In
// runs of five to nine minutes there was no leak (heap snapshots of the webhook
// dispatcher, taken after a full GC: 33.5, 33.9 and 34.3 MB over 220 s and 480
// deliveries, JIT code the only growth), yet each Node service's RSS went down and up
// between about 125 and 170 MB every minute or two: V8 gives back its young generation
// when traffic slows and grows it back step by step (4, 8, 16, 32 MB) after. The
// renderer's Chromium moved between 1.9 and 2.5 GB as the pages kept for tenants opened
// and closed. Readings after a warm-up of 20 s set the start anywhere in those cycles,
// often in a trough: the dispatcher's 12 %, and from -21 % to +32 % in runs here. Waiting
// until memory held within 5 % for a minute did not help: it never did within five
// minutes. Peaks over two minutes or more compare like with like: against the peak of
// the two minutes before it, no 60 s window of a nine-minute run grew more than 3.5 %.
// A leak still shows, as a peak the run reaches and the warm-up did not. The warm-up's
// first minute does not count (start-up's heap is not the working size); three minutes
// in all, because the renderer had its pages open for both tenants only after about that.
const MEMORY_READING_MS = 5_000;
const WARMUP_S = 180;
const WARMUP_PEAK_S = 120;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How busy the integrator is `fraction` of the way through the run: a day squeezed into it, quiet at both ends, twice as busy at noon. */
export const dayIntensity = (fraction: number) => 1 - 0.5 * Math.cos(2 * Math.PI * fraction);

/**
 * Sends the day's mix as it comes, each request independent of the answers to the others
 * (an integrator's traffic does not wait for ours), until `until` aborts: every tick, each
 * kind of request is sent with the chance its rate gives, times `intensity` of the
 * milliseconds since the start.
 */
async function traffic(integrator: Integrator, intensity: (elapsedMs: number) => number, shed: { count: number }, until: AbortSignal): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  const start = Date.now();
  while (!until.aborted) {
    const busy = intensity(Date.now() - start);
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
 * The warm-up, then the measured run (its answers in a fresh `integrator.stats`), with
 * resident memory read all along: each service's peak in the warm-up's last minutes
 * (start) and in the run (end). The warm-up runs the day's mix at its busiest (noon's)
 * rate, so that no pool or heap has to grow in the run for a rate the warm-up did not reach.
 */
async function warmUpAndRun(integrator: Integrator, options: SoakOptions, shed: { count: number }): Promise<SoakReport['memoryMb']> {
  const peaks = new PeakMemory();
  const reading = setInterval(() => peaks.record(residentMb(options.services)), MEMORY_READING_MS);
  try {
    const noon = () => dayIntensity(0.5);
    await traffic(integrator, noon, shed, AbortSignal.timeout((WARMUP_S - WARMUP_PEAK_S) * 1000));
    peaks.take();
    await traffic(integrator, noon, shed, AbortSignal.timeout(WARMUP_PEAK_S * 1000));
    const start = peaks.take();
    integrator.stats = new EndpointStats();
    shed.count = 0;
    await traffic(integrator, (elapsedMs) => dayIntensity(elapsedMs / (options.seconds * 1000)), shed, AbortSignal.timeout(options.seconds * 1000));
    return { start, end: peaks.take() };
  } finally {
    clearInterval(reading);
  }
}

/**
 * An integrator's day against a running stack: tokens, lists, gets, editor saves,
 * renders, HTML and PDF exports and erasures for people of a few projects whose webhook
 * receiver is sometimes slow and sometimes fails. Each service's highest resident memory
 * is taken in the warm-up's last minutes and in the measured run (see WARMUP_S); the
 * webhooks still owed at the end are given `drainSeconds` to arrive.
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
    const memoryMb = await warmUpAndRun(integrator, options, shed);
    const stats = integrator.stats;

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
      memoryMb,
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
