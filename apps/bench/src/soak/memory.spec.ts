import { spawn } from 'node:child_process';
import { residentMb } from './memory';

describe('resident memory of a service', () => {
  it("counts the service's own process apart from what it started, by command name (the renderer's Chromium is a row of its own)", async () => {
    const child = spawn(process.execPath, ['-e', "globalThis.held = Buffer.alloc(300e6, 1); process.send('ready'); setInterval(() => {}, 1000)"], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    try {
      await new Promise((resolve) => child.once('message', resolve));
      const mb = residentMb({ me: process.pid });
      expect(mb['me/node']).toBeGreaterThan(290);
      // This process alone: what Node says of itself, not its child's 300 MB as well.
      expect(mb.me).toBeGreaterThan(0.8 * (process.memoryUsage.rss() / 2 ** 20));
      expect(mb.me).toBeLessThan(1.2 * (process.memoryUsage.rss() / 2 ** 20));
    } finally {
      child.kill();
    }
  }, 30_000);

  it('gives 0 for a process that is gone', () => {
    expect(residentMb({ gone: 2 ** 22 + 1 })).toEqual({ gone: 0 });
  });
});
