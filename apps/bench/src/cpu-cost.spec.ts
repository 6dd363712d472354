import { setTimeout as sleep } from 'node:timers/promises';
import { cpuDuring, ownProcess, startedBy, treeLess, wholeTree } from './cpu-cost';
import type { Proc } from './processes';

/** A renderer (1) with a Chromium (2) that has a page's process (3), and a process elsewhere (4). */
const byPid = new Map<number, Proc>([
  [1, { parent: 0, command: 'node', cpuSeconds: 5, ownCpuSeconds: 2 }],
  [2, { parent: 1, command: 'chromium', cpuSeconds: 3, ownCpuSeconds: 3 }],
  [3, { parent: 2, command: 'chromium', cpuSeconds: 1, ownCpuSeconds: 1 }],
  [4, { parent: 0, command: 'postgres', cpuSeconds: 7, ownCpuSeconds: 7 }],
]);

describe('CPU meters', () => {
  it('reads a tree, a process alone, what it started (ended children included) and a tree less one process', () => {
    expect(wholeTree(1)(byPid)).toBe(9);
    expect(ownProcess(1)(byPid)).toBe(2);
    // The children that ended (5 − 2 in the renderer's own figure) and the living ones.
    expect(startedBy(1)(byPid)).toBe(7);
    expect(treeLess(1, 3)(byPid)).toBe(8);
  });
});

describe('cpuDuring', () => {
  it('takes off what a meter spends idle over as long as the work took', async () => {
    let spent = 0;
    const start = performance.now();
    // Idle: 0.25 s of CPU a second; the work adds 0.4 s. Left in, the idle part would add 250 ms.
    const meter = () => ((performance.now() - start) / 1000) * 0.25 + spent;
    const { cpuMs, wallMs } = await cpuDuring({ service: meter }, async () => {
      await sleep(1_000);
      spent += 0.4;
    });
    expect(wallMs).toBeGreaterThanOrEqual(990);
    // This meter reads the clock when it is called, not when /proc was read: on a loaded
    // machine that can be late by tens of milliseconds, a quarter of which shows here.
    expect(Math.abs(cpuMs['service'] - 400)).toBeLessThan(50);
  }, 20_000);
});
