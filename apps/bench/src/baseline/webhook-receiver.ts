// The receiver of the webhook benchmark, for our dispatcher and the baseline alike: a
// process of its own that answers 200 at once, notes when each event arrived (on the
// shared clock) and tells the benchmark when the events it waits for are all there.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerRequests, sharedClock } from './helper-process';

export type ReceiverRequest = { kind: 'url' } | { kind: 'arrivals'; prefix: string; count: number };

/** When the last of the events waited for arrived, overall and per project. */
export interface Arrivals {
  lastAt: number;
  lastByProject: Record<string, number>;
}

interface Arrival {
  at: number;
  projectId: string;
}

/** Events waited for by key prefix, counted as they arrive (a repeated delivery counts once). */
class Wait {
  private readonly seen = new Set<string>();
  private readonly arrivals: Arrivals = { lastAt: 0, lastByProject: {} };

  constructor(
    readonly prefix: string,
    private readonly count: number,
    private readonly resolve: (arrivals: Arrivals) => void,
  ) {}

  /** Takes the arrival of `key`; true once every event waited for is there. */
  take(key: string, { at, projectId }: Arrival): boolean {
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    this.arrivals.lastAt = Math.max(this.arrivals.lastAt, at);
    this.arrivals.lastByProject[projectId] = Math.max(this.arrivals.lastByProject[projectId] ?? 0, at);
    if (this.seen.size < this.count) return false;
    this.resolve(this.arrivals);
    return true;
  }
}

/** Arrivals that no wait took yet (a wait may be asked for after its events came), by event key. */
const early = new Map<string, Arrival>();
const waits = new Set<Wait>();

function waitFor(prefix: string, count: number): Promise<Arrivals> {
  return new Promise((resolve) => {
    const wait = new Wait(prefix, count, resolve);
    waits.add(wait);
    for (const [key, arrival] of early) {
      if (!key.startsWith(prefix)) continue;
      early.delete(key);
      if (wait.take(key, arrival)) return void waits.delete(wait);
    }
  });
}

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    response.writeHead(200).end();
    const at = sharedClock();
    const { projectId, data } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const key = String(data.exportId ?? data.designId);
    const wait = [...waits].find((candidate) => key.startsWith(candidate.prefix));
    if (!wait) early.set(key, { at, projectId });
    else if (wait.take(key, { at, projectId })) waits.delete(wait);
  });
});

// Kept-alive connections stay open between bursts: Node's 5 s default closed them while
// another contender's burst ran, and a sender reusing one as it closed lost its request.
server.keepAliveTimeout = 600_000;

server.listen(0, '127.0.0.1', () => {
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  answerRequests(async (request) => {
    const asked = request as ReceiverRequest;
    if (asked.kind === 'url') return { url };
    return waitFor(asked.prefix, asked.count);
  });
});
