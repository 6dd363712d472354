import type { MessagePort } from 'node:worker_threads';

/** What a DeadlinePool hands its worker: the job, and the port on which the worker says that it started. */
export interface PooledTask<J> {
  job: J;
  started: MessagePort;
}

/**
 * The function a worker file exports for a DeadlinePool (deadline-pool.ts): it says that
 * the job started, so that the pool counts the job's time from here and not from when it
 * was queued, then does the work.
 */
export function pooledTask<J, R>(work: (job: J) => R): (task: PooledTask<J>) => R {
  return ({ job, started }) => {
    started.postMessage(null);
    return work(job);
  };
}
