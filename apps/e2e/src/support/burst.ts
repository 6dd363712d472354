// Requests sent in waves, as a burst of clients would send them.

/** Sends `count` requests, `concurrency` at a time (`send` is told each request's number, to pick its gateway); returns the statuses. */
export async function burst(count: number, send: (i: number) => Promise<{ status: number }>, concurrency = 16): Promise<number[]> {
  const statuses: number[] = [];
  for (let start = 0; start < count; start += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, count - start) }, (_, i) => send(start + i));
    statuses.push(...(await Promise.all(batch)).map((answer) => answer.status));
  }
  return statuses;
}
