import { spawn } from 'node:child_process';
import { processes, treeOf } from './processes';

describe('processes, from /proc', () => {
  it('counts the CPU a process used, with that of its children that ended, and finds it under its parent', async () => {
    // A child that starts a grandchild burning 0.4 s of CPU (its parent, Node starting, well under that), waits for it to end, then waits to be asked.
    const burn = 'while (process.cpuUsage().user < 400_000);';
    const child = spawn(process.execPath, ['-e', `require('child_process').spawnSync(process.execPath, ['-e', ${JSON.stringify(burn)}]); process.send('done'); setInterval(() => {}, 1000)`], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    try {
      await new Promise((resolve) => child.once('message', resolve));
      const byPid = processes();
      expect(treeOf(byPid, process.pid)).toContain(child.pid);
      expect(byPid.get(child.pid as number)?.cpuSeconds).toBeGreaterThan(0.35);
      // Its own CPU is Node starting and waiting, not its grandchild's burn.
      expect(byPid.get(child.pid as number)?.ownCpuSeconds).toBeLessThan(0.35);
    } finally {
      child.kill();
    }
  }, 90_000);
});
