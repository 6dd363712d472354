/**
 * How long a scrape waits for a count from a store. A store that does not answer in time
 * leaves its series out of that scrape (they vanish) rather than hold up every other metric.
 */
export const SCRAPE_COUNT_TIMEOUT_MS = 1_000;

/**
 * A count that a gauge reads from Redis or PostgreSQL at each scrape: one at a time (a
 * scrape that comes while a count is on its way shares it, so scrapes never pile commands
 * up behind a store that is away), and nothing when it fails or is late.
 */
export class ScrapeCount<T> {
  private counting: Promise<T> | undefined;

  constructor(private readonly count: () => Promise<T>) {}

  /** The count, or undefined when it fails or does not come within SCRAPE_COUNT_TIMEOUT_MS. */
  async read(): Promise<T | undefined> {
    this.counting ??= this.count().finally(() => (this.counting = undefined));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), SCRAPE_COUNT_TIMEOUT_MS)));
    try {
      return await Promise.race([this.counting.catch(() => undefined), late]);
    } finally {
      clearTimeout(timer);
    }
  }
}
