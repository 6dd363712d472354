import { type MessagePort, threadId } from 'node:worker_threads';

/** What a DeadlinePool hands its worker: the job and the port on which the worker reports on it, or null to hear which worker has loaded. */
export type PooledTask<J> = { job: J; report: MessagePort } | null;

/** What a worker reports of a job: that it started, or why it failed before the worker ends. */
export type TaskReport = { started: true } | { failed: string };

const send = (port: MessagePort, report: TaskReport) => port.postMessage(report);

/**
 * The function a worker file exports for a DeadlinePool (deadline-pool.ts): it says that
 * the job started, so that the pool counts the job's time from here and not from when it
 * was queued, then does the work. A job that throws may leave the thread's state broken
 * (a WebAssembly module that trapped, such as mrml's, fails every call after), so the
 * worker says why and ends, and the pool starts a new one in its place. A null task is
 * answered the worker's thread id (a worker takes tasks only once it has loaded its file).
 */
export function pooledTask<J, R>(work: (job: J) => R): (task: PooledTask<J>) => R | number {
  return (task) => {
    if (task === null) return threadId;
    const { job, report } = task;
    send(report, { started: true });
    try {
      return work(job);
    } catch (error) {
      send(report, { failed: error instanceof Error ? error.message : String(error) });
      process.exit(1);
    }
  };
}
