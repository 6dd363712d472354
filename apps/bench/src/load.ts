import http from 'node:http';
import { rotatingRounds } from './interleave';
import { percentile } from './stats';

export interface Target {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadFigures {
  /** Of every request, failed ones included: a failure is not a fast answer, the client waited for it. */
  p50: number;
  p99: number;
  /** The mean: with the connections, the throughput the latencies allow (each connection one request at a time). */
  mean: number;
  /** 2xx answers per second over the time the target was loaded. */
  rps: number;
  /** Requests that got no 2xx, by reason (`HTTP 503`, a socket's error). */
  failures: Record<string, number>;
  failed: number;
}

/** What the bursts at one target answered, added up. */
class Tally {
  readonly latencies: number[] = [];
  succeeded = 0;
  seconds = 0;
  readonly failures = new Map<string, number>();

  answer(ms: number, failure?: string): void {
    this.latencies.push(ms);
    if (failure === undefined) this.succeeded++;
    else this.failures.set(failure, (this.failures.get(failure) ?? 0) + 1);
  }

  figures(): LoadFigures {
    return {
      p50: percentile(this.latencies, 0.5),
      p99: percentile(this.latencies, 0.99),
      mean: this.latencies.reduce((sum, ms) => sum + ms, 0) / this.latencies.length,
      rps: this.succeeded / this.seconds,
      failures: Object.fromEntries(this.failures),
      failed: this.latencies.length - this.succeeded,
    };
  }
}

/** One request on a keep-alive connection of `agent`; resolves with its status once the answer is read. */
function send(agent: http.Agent, target: Target): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(target.url, { agent, method: target.method ?? 'GET', headers: target.headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(target.body);
  });
}

/**
 * `connections` keep-alive connections, each sending one request after another to
 * `target` until `seconds` have passed; the requests under way then are answered and
 * counted, not dropped, so that a slow answer is never left out and no work is left
 * behind for the next burst. The time runs until the last answer.
 */
async function burst(target: Target, connections: number, seconds: number, tally = new Tally()): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const start = performance.now();
  const deadline = start + seconds * 1000;
  const connection = async () => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      try {
        const status = await send(agent, target);
        tally.answer(performance.now() - sent, status >= 200 && status < 300 ? undefined : `HTTP ${status}`);
      } catch (error) {
        tally.answer(performance.now() - sent, error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, connection));
  tally.seconds += (performance.now() - start) / 1000;
  agent.destroy();
}

/**
 * Loads two targets in turn, in `rounds` pairs of bursts whose first one alternates (as
 * interleavedTimings does for single runs), after one unmeasured burst each: a change of
 * machine load during the run touches both alike instead of moving their ratio. Failed
 * requests count in the latencies (the client waited for them) but not in the
 * throughput, and are counted apart for the benchmark to show.
 */
export async function interleavedLoad(targets: readonly [Target, Target], options: { connections: number; rounds: number; seconds: number }): Promise<[LoadFigures, LoadFigures]> {
  const { connections, rounds, seconds } = options;
  for (const target of targets) await burst(target, connections, 1);
  const tallies = [new Tally(), new Tally()] as const;
  for (const which of rotatingRounds(2, rounds)) await burst(targets[which], connections, seconds, tallies[which]);
  return [tallies[0].figures(), tallies[1].figures()];
}
