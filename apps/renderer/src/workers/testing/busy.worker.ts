import { threadId } from 'node:worker_threads';
import { pooledTask } from '../pooled-task';

/** A job of the pool's tests: keeps its thread busy, fills its heap or fails, then answers the thread's id. */
export interface BusyJob {
  busyMs?: number;
  /** Allocates until the worker's heap limit ends it. */
  exhaustMemory?: boolean;
  fail?: string;
}

export default pooledTask(({ busyMs = 0, exhaustMemory = false, fail }: BusyJob): number => {
  if (fail) throw new Error(fail);
  const held: number[][] = [];
  while (exhaustMemory) held.push(Array.from({ length: 100_000 }, (_, i) => i));
  const until = Date.now() + busyMs;
  while (Date.now() < until);
  return threadId;
});
