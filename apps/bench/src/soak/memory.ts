import { readFileSync, readdirSync } from 'node:fs';

interface Proc {
  parent: number;
  /** The command name (/proc/<pid>/comm): `chromium` for every process of a Chromium. */
  command: string;
}

/** Parent pid and command name of every process, from /proc (Linux). */
function processes(): Map<number, Proc> {
  const byPid = new Map<number, Proc>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may hold spaces and parentheses: the fields after its closing one are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      byPid.set(Number(entry), { parent: Number(stat.slice(close + 2).split(' ')[1]), command: stat.slice(stat.indexOf('(') + 1, close) });
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
 * Resident memory in MB of each named process alone, and apart, of what it started, by
 * command name, as `<name>/<command>` (the sum of that command's processes with
 * everything they started): the renderer's Node process is `renderer`, its Chromium
 * (browser, zygotes, GPU, one renderer process per context, two browsers for a moment
 * while one is replaced) `renderer/chromium`. Two rows because they are two working sets
 * with their own bounds: V8's heap, and the pages the pool keeps open.
 */
export function residentMb(pids: Record<string, number>): Record<string, number> {
  const byPid = processes();
  const children = (root: number) => [...byPid].filter(([, { parent }]) => parent === root).map(([pid]) => pid);
  const tree = (root: number): number[] => [root, ...children(root).flatMap(tree)];
  const mb: Record<string, number> = {};
  for (const [name, pid] of Object.entries(pids)) {
    mb[name] = residentKb(pid) / 1024;
    for (const child of children(pid)) {
      const row = `${name}/${byPid.get(child)?.command ?? 'unknown'}`;
      mb[row] = (mb[row] ?? 0) + tree(child).reduce((kb, each) => kb + residentKb(each), 0) / 1024;
    }
  }
  return mb;
}
