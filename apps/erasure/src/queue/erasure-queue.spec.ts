import { createServer } from 'node:net';
import { Logger } from '@nestjs/common';
import { RedisConnection } from '@embed/service-runtime';
import { ErasureQueue } from './erasure-queue';

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('ErasureQueue', () => {
  it('logs a lost Redis connection and keeps the process running (an error event with no listener would end it)', async () => {
    const warnings: unknown[][] = [];
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args));
    const redis = new RedisConnection(`redis://127.0.0.1:${await closedPort()}`, { maxRetriesPerRequest: 1, retryStrategy: () => 50 });
    redis.on('error', () => undefined);
    const queue = new ErasureQueue(redis);
    try {
      for (let waited = 0; warnings.length === 0 && waited < 5_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(warnings[0]?.[1]).toBe('the erasure queue lost Redis; it reconnects');
    } finally {
      redis.disconnect();
      await queue.beforeApplicationShutdown().catch(() => undefined);
      warn.mockRestore();
    }
  });
});
