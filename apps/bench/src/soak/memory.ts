import { readFileSync } from 'node:fs';
import { childrenOf, processes, treeOf } from '../processes';

function residentKb(pid: number): number {
  try {
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * Resident memory in MB of each named process alone, and apart, of what it started, by
 * command name, as `<name>/<command>` (the sum of that command's processes with
 * everything they started): the renderer's Node process is `renderer`, its Chromium
 * (browser, zygotes, GPU, one renderer process per context, two browsers for a moment
 * while one is replaced) `renderer/chromium`. Two rows because they are two working sets
 * with their own bounds: V8's heap, and the pages the pool keeps open.
 */
export function residentMb(pids: Record<string, number>): Record<string, number> {
  const byPid = processes();
  const mb: Record<string, number> = {};
  for (const [name, pid] of Object.entries(pids)) {
    mb[name] = residentKb(pid) / 1024;
    for (const child of childrenOf(byPid, pid)) {
      const row = `${name}/${byPid.get(child)?.command ?? 'unknown'}`;
      mb[row] = (mb[row] ?? 0) + treeOf(byPid, child).reduce((kb, each) => kb + residentKb(each), 0) / 1024;
    }
  }
  return mb;
}
