import { setTimeout as sleep } from 'node:timers/promises';
import { type Proc, processes, treeOf } from './processes';

/** One CPU figure read from a snapshot of /proc: the seconds some processes have used so far. */
export type Meter = (byPid: Map<number, Proc>) => number;

/** Quiet time measured first: what each meter's processes spend idle (timers, probes, polling) is taken off. */
const IDLE_MS = 3_000;

const cpuOf = (byPid: Map<number, Proc>, pids: number[]) => pids.reduce((sum, pid) => sum + (byPid.get(pid)?.cpuSeconds ?? 0), 0);

/** A service's process with everything it started, ended children included. */
export const wholeTree =
  (root: number): Meter =>
  (byPid) =>
    cpuOf(byPid, treeOf(byPid, root));

/** A Node process alone, all its threads (the renderer's render workers too), none of the processes it started. */
export const ownProcess =
  (pid: number): Meter =>
  (byPid) =>
    byPid.get(pid)?.ownCpuSeconds ?? 0;

/** What a process started, ended ones included: the renderer's Chromium, which is its only child tree. */
export const startedBy =
  (root: number): Meter =>
  (byPid) =>
    wholeTree(root)(byPid) - ownProcess(root)(byPid);

/** A process tree less one process in it: PostgreSQL's server less the backend of the benchmark's own connection. */
export const treeLess =
  (root: number, excluded: number): Meter =>
  (byPid) =>
    wholeTree(root)(byPid) - (byPid.get(excluded)?.cpuSeconds ?? 0);

/** Every meter's reading, and when it was read: reading the process table takes a while on a busy machine. */
const readAll = (meters: Record<string, Meter>) => {
  const byPid = processes();
  const at = performance.now();
  return { at, values: Object.fromEntries(Object.entries(meters).map(([name, meter]) => [name, meter(byPid)])) };
};

/**
 * The CPU milliseconds each meter's processes spent on `work`, less what they spend idle
 * over as long (measured just before, as a rate between two readings, each timed when it
 * was read), and the wall time it took.
 */
export async function cpuDuring(meters: Record<string, Meter>, work: () => Promise<unknown>) {
  const before = readAll(meters);
  await sleep(IDLE_MS);
  const quiet = readAll(meters);
  const start = performance.now();
  await work();
  const wallMs = performance.now() - start;
  const after = readAll(meters);
  const idlePerMs = (name: string) => (quiet.values[name] - before.values[name]) / (quiet.at - before.at);
  const cpuMs = Object.fromEntries(
    Object.keys(meters).map((name) => [name, 1000 * (after.values[name] - quiet.values[name] - idlePerMs(name) * (after.at - quiet.at))]),
  );
  return { cpuMs, wallMs };
}

/**
 * CPU milliseconds each meter's processes spend per operation: `count` operations,
 * `concurrency` at once. CPU time is what a replica's cores give, whatever else shares the
 * machine's cores (docs/capacity.md); the wall time per operation beside it says how busy
 * that concurrency kept the stack.
 */
export async function cpuPerOperation(meters: Record<string, Meter>, count: number, concurrency: number, operation: () => Promise<unknown>) {
  let next = 0;
  const loops = () => Promise.all(Array.from({ length: concurrency }, async () => {
    while (next++ < count) await operation();
  }));
  const { cpuMs, wallMs } = await cpuDuring(meters, loops);
  return { cpuMs: Object.fromEntries(Object.entries(cpuMs).map(([name, ms]) => [name, ms / count])), wallMs: (wallMs * concurrency) / count };
}
