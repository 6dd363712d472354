import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

export interface Proc {
  parent: number;
  /** The command name (/proc/<pid>/comm): `chromium` for every process of a Chromium. */
  command: string;
  /** CPU seconds it used, with those of its children that ended (utime, stime, cutime, cstime). */
  cpuSeconds: number;
  /** CPU seconds it used itself, all its threads, without its children's (utime, stime). */
  ownCpuSeconds: number;
}

/** Every process, from /proc (Linux). */
export function processes(): Map<number, Proc> {
  const byPid = new Map<number, Proc>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may hold spaces and parentheses: the fields after its closing one are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      const seconds = (at: number[]) => at.reduce((sum, field) => sum + Number(fields[field]), 0) / TICKS_PER_SECOND;
      byPid.set(Number(entry), { parent: Number(fields[1]), command: stat.slice(stat.indexOf('(') + 1, close), cpuSeconds: seconds([11, 12, 13, 14]), ownCpuSeconds: seconds([11, 12]) });
    } catch {
      // The process ended while we looked.
    }
  }
  return byPid;
}

/** The processes `root` started, directly. */
export const childrenOf = (byPid: Map<number, Proc>, root: number) => [...byPid].filter(([, { parent }]) => parent === root).map(([pid]) => pid);

/** `root` and every process under it. */
export const treeOf = (byPid: Map<number, Proc>, root: number): number[] => [root, ...childrenOf(byPid, root).flatMap((child) => treeOf(byPid, child))];
