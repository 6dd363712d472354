import { readdirSync, readFileSync } from 'node:fs';

/** Parent pid of every process, from /proc (Linux). */
function parents(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may hold spaces and parentheses: the fields after its closing one are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      byPid.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  return byPid;
}

function residentKb(pid: number): number {
  try {
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * Resident memory in MB of each named process with everything it started (the
 * renderer's Chromium belongs to the renderer): what the machine gives the service.
 */
export function residentMb(pids: Record<string, number>): Record<string, number> {
  const byPid = parents();
  const tree = (root: number): number[] => [root, ...[...byPid].filter(([, parent]) => parent === root).flatMap(([pid]) => tree(pid))];
  return Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, tree(pid).reduce((kb, each) => kb + residentKb(each), 0) / 1024]));
}
