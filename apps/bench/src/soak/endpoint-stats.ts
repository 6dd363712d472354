import { percentile } from '../stats';

/** One endpoint's figures over a soak. */
export interface EndpointFigures {
  endpoint: string;
  count: number;
  p50: number;
  p99: number;
  /**
   * p50 of the first and of the second half of the answers, in the order they came: a
   * soak's load is symmetric in time (dayIntensity), so a stack that holds answers both alike.
   */
  p50FirstHalf: number;
  p50SecondHalf: number;
  /** Answers that are not 2xx, 429 aside, and requests that got no answer. */
  errors: number;
  /** 429 rate_limited: the limits doing their job, counted apart. */
  limited: number;
}

/** Answers of every endpoint, as they come: latency in ms and HTTP status (0 when none came). */
export class EndpointStats {
  private readonly byEndpoint = new Map<string, { latencies: number[]; errors: number; limited: number }>();
  /** The first answer of each kind of error, to say what went wrong. */
  readonly firstErrors = new Map<string, string>();

  record(endpoint: string, ms: number, status: number, detail = ''): void {
    let tally = this.byEndpoint.get(endpoint);
    if (!tally) this.byEndpoint.set(endpoint, (tally = { latencies: [], errors: 0, limited: 0 }));
    tally.latencies.push(ms);
    if (status === 429) tally.limited++;
    else if (status < 200 || status >= 300) {
      tally.errors++;
      const kind = `${endpoint} ${status || 'no answer'}`;
      if (!this.firstErrors.has(kind)) this.firstErrors.set(kind, detail.slice(0, 300));
    }
  }

  figures(): EndpointFigures[] {
    return [...this.byEndpoint]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([endpoint, { latencies, errors, limited }]) => ({
        endpoint,
        count: latencies.length,
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
        p50FirstHalf: percentile(latencies.slice(0, latencies.length >> 1), 0.5),
        p50SecondHalf: percentile(latencies.slice(latencies.length >> 1), 0.5),
        errors,
        limited,
      }));
  }
}
