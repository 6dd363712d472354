import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { interleavedLoad } from './load';

/** A server answering `status` after `ms`, counting what it answered. */
async function server(ms: number, status = 200) {
  let answered = 0;
  const listening = http.createServer((_req, res) => setTimeout(() => (answered++, res.writeHead(status).end('{}')), ms));
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}/`, answered: () => answered, close: () => listening.close() };
}

describe('interleaved load', () => {
  it('counts every answer, those of requests still under way when a burst ends included', async () => {
    const [fast, slow] = [await server(1), await server(60)];
    try {
      const [a, b] = await interleavedLoad([{ url: fast.url }, { url: slow.url }], { connections: 4, rounds: 2, seconds: 0.2 });
      expect(b.p50).toBeGreaterThanOrEqual(55);
      expect(a.p50).toBeLessThan(b.p50);
      expect(a.rps).toBeGreaterThan(b.rps);
      // 2 measured bursts of ~0.2 s with 4 connections at 60 ms, plus the warm-up's: none dropped.
      expect(slow.answered()).toBeGreaterThanOrEqual(4 * 3 * 3);
      // Throughput as the latencies allow it (4 connections, one request each at a time), whatever
      // the machine's load: a clock that counted more than the bursts would show it far below.
      // By the mean, not the median: a loaded machine fires some of the server's timers late, and
      // the long answers held the connections for a time the median leaves out (CI: 30 a second
      // against a median's 31.4).
      expect(b.rps).toBeGreaterThan((0.5 * 4) / (b.mean / 1000));
      expect(b.rps).toBeLessThanOrEqual(4 / (b.mean / 1000));
    } finally {
      fast.close();
      slow.close();
    }
  });

  it('counts failed requests apart, in the latencies but not in the throughput', async () => {
    const [good, bad] = [await server(1), await server(1, 503)];
    try {
      const [a, b] = await interleavedLoad([{ url: good.url }, { url: bad.url }], { connections: 2, rounds: 1, seconds: 0.1 });
      expect(a).toMatchObject({ failed: 0, failures: {} });
      expect(b.failed).toBeGreaterThan(0);
      expect(b).toMatchObject({ rps: 0, failures: { 'HTTP 503': b.failed } });
      expect(b.p50).toBeGreaterThan(0);
    } finally {
      good.close();
      bad.close();
    }
  });
});
