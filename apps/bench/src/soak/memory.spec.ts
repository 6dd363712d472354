import { spawn } from 'node:child_process';
import { residentMb } from './memory';

describe('resident memory of a service', () => {
  it("counts what the service's children hold (the renderer's Chromium is the renderer's)", async () => {
    const child = spawn(process.execPath, ['-e', "globalThis.held = Buffer.alloc(200e6, 1); process.send('ready'); setInterval(() => {}, 1000)"], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    try {
      await new Promise((resolve) => child.once('message', resolve));
      const { me, spawned } = residentMb({ me: process.pid, spawned: child.pid as number });
      expect(spawned).toBeGreaterThan(190);
      // This process's own memory (Node itself holds tens of MB) and its child's.
      expect(me).toBeGreaterThan(spawned + 20);
    } finally {
      child.kill();
    }
  }, 30_000);

  it('gives 0 for a process that is gone', () => {
    expect(residentMb({ gone: 2 ** 22 + 1 }).gone).toBe(0);
  });
});
