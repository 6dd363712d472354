import { once } from 'node:events';
import { setImmediate as turn, setTimeout as delay } from 'node:timers/promises';
import { MessageChannel, type Worker } from 'node:worker_threads';
import { Logger } from '@nestjs/common';
import { Piscina } from 'piscina';
import { FairScheduler, QueueFullError, type QueueLimits } from './fair-scheduler';
import type { PooledTask, TaskReport } from './pooled-task';

export interface DeadlinePoolOptions {
  /** The worker file: it exports, as its default, a function made by pooledTask (pooled-task.ts). */
  filename: string;
  /** Jobs run at once, each on its own worker; jobs beyond them wait in turn. One more worker is kept warm as a spare. */
  threads: number;
  /** The longest a job may run once a worker has started it. */
  limitMs: number;
  /** The heap a worker may grow to; a job that needs more is stopped with its worker. */
  memoryMb: number;
  /** Jobs that may wait for a worker, in all and of one tenant; past either, QueueFullError (fair-scheduler.ts). */
  queue: QueueLimits;
}

/** Whose job it is (waiting jobs are taken from each tenant in turn) and when its caller stops waiting (epoch milliseconds; none: the limit alone). */
export interface JobTurn {
  tenant: string;
  deadline?: number;
}

/** The job ran past the pool's limit; its worker was stopped and replaced. */
export class RanTooLongError extends Error {
  constructor(readonly limitMs: number) {
    super(`the job ran past its limit of ${limitMs} ms`);
    this.name = 'RanTooLongError';
  }
}

/** The job needed more memory than a worker has; its worker ended and was replaced. */
export class OutOfMemoryError extends Error {
  constructor(readonly memoryMb: number) {
    super(`the job needed more than the ${memoryMb} MB a worker has`);
    this.name = 'OutOfMemoryError';
  }
}

/**
 * The caller's deadline came while the job ran, before the pool's limit: it had waited for a
 * worker so long that less than the limit was left. Its worker was stopped and replaced; the
 * job itself may be within the limit, so this says nothing of it.
 */
export class CutShortError extends Error {
  constructor(readonly ranMs: number) {
    super(`the deadline came ${ranMs} ms after the job started, before its limit`);
    this.name = 'CutShortError';
  }
}

/** The deadline passed while the job waited for a worker: it never ran. */
export class NotStartedError extends Error {
  constructor() {
    super("the deadline passed before a worker was free for the job");
    this.name = 'NotStartedError';
  }
}

const isOutOfMemory = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';

/**
 * CPU-bound jobs on a warm pool of worker threads (piscina), so that the process's own
 * event loop never runs them: each job has a hard limit on the time it runs, counted from
 * when a worker starts it (time waiting for a worker is not its fault) and never past the
 * caller's deadline. A job past it cannot be interrupted in its thread, so the thread is
 * terminated (piscina does so for an aborted running task and starts a new worker); the
 * job is answered RanTooLongError, or CutShortError when the deadline came first. Jobs
 * wait for a worker in a FairScheduler, which takes them from each tenant in turn: one
 * tenant's stream of jobs that each run to the limit holds another tenant's job back by
 * one job at most, not by the whole stream. A job still waiting at the deadline is taken
 * out of the queue: NotStartedError. A job that throws is answered its error, and its worker is
 * replaced too (pooled-task.ts).
 */
export class DeadlinePool<J, R> {
  private readonly logger = new Logger(DeadlinePool.name);
  private readonly pool: Piscina<PooledTask<J>, R | number>;
  /** Hands piscina no more jobs than it has workers, so that no job waits in its first-come queue. */
  private readonly turns: FairScheduler;
  /** Resolves once every worker has loaded its file, so that `threads` jobs can start at once: for readiness. */
  readonly loaded: Promise<void>;
  /** Every worker thread until it has ended, those stopped under a job included. */
  private readonly alive = new Set<Worker>();

  constructor(private readonly options: DeadlinePoolOptions) {
    this.pool = new Piscina({
      filename: options.filename,
      // One spare beyond the jobs run at once: the job after one stopped at its limit starts on
      // it at once, while the stopped one's replacement loads (a second or more on a busy machine).
      minThreads: options.threads + 1,
      maxThreads: options.threads + 1,
      idleTimeout: Infinity,
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
    });
    this.turns = new FairScheduler(options.threads, options.queue);
    // A worker that fails with no job on it (its file did not load): said, not thrown into the process.
    this.pool.on('error', (err: unknown) => this.logger.error({ err }, 'a worker failed outside any job'));
    this.loaded = this.everyWorkerLoaded();
    // A worker that cannot load is said by readiness and the 'error' event, not thrown into the process.
    this.loaded.catch(() => {});
    this.pool.on('workerCreate', ({ id }: { id: number }) => {
      const thread = this.pool.threads.find((candidate) => candidate.threadId === id);
      if (!thread) return;
      this.alive.add(thread);
      thread.once('exit', () => this.alive.delete(thread));
    });
  }

  /** Runs `job` on a worker in its tenant's turn, within the pool's limit and before the turn's deadline. */
  async run(job: J, { tenant, deadline }: JobTurn): Promise<R> {
    const stop = new AbortController();
    const { port1: reports, port2 } = new MessageChannel();
    let limitMs: number | undefined;
    let failure: string | undefined;
    let timer = deadline === undefined ? undefined : setTimeout(() => stop.abort(), Math.max(0, deadline - Date.now()));
    reports.on('message', (report: TaskReport) => {
      if ('failed' in report) return void (failure = report.failed);
      clearTimeout(timer);
      limitMs = Math.min(this.options.limitMs, deadline === undefined ? Infinity : Math.max(0, deadline - Date.now()));
      timer = setTimeout(() => stop.abort(), limitMs);
    });
    try {
      const task = () => this.pool.run({ job, report: port2 }, { signal: stop.signal, transferList: [port2] }) as Promise<R>;
      return await this.turns.run(tenant, stop.signal, task);
    } catch (error) {
      if (error instanceof QueueFullError) throw error;
      if (stop.signal.aborted) throw this.stoppedError(limitMs);
      if (isOutOfMemory(error)) throw new OutOfMemoryError(this.options.memoryMb);
      // A job that threw ended its worker (pooled-task.ts) after reporting why; the report may come a turn after the exit.
      if (failure === undefined) await turn();
      throw failure === undefined ? error : new Error(failure);
    } finally {
      clearTimeout(timer);
      reports.close();
    }
  }

  /** Why a job was stopped, from the time it was given once started (none: it never started). */
  private stoppedError(givenMs: number | undefined): Error {
    if (givenMs === undefined) return new NotStartedError();
    return givenMs < this.options.limitMs ? new CutShortError(givenMs) : new RanTooLongError(givenMs);
  }

  /**
   * Asks until every worker has answered a null task. piscina hands tasks only to workers that
   * have loaded, so on a busy machine the first one to load may answer all of one round.
   */
  private async everyWorkerLoaded(): Promise<void> {
    const workers = this.options.threads + 1;
    const answered = new Set<number>();
    for (;;) {
      const round = await Promise.all(Array.from({ length: workers }, () => this.pool.run(null)));
      for (const thread of round) answered.add(thread as number);
      if (answered.size >= workers) return;
      await delay(20);
    }
  }

  /** The worker threads running now (a stopped one is replaced by a new one). */
  get threadIds(): number[] {
    return this.pool.threads.map((thread) => thread.threadId);
  }

  /** Stops every worker and resolves once every thread has ended; jobs still running or waiting are rejected. */
  async close(): Promise<void> {
    // A thread stopped under a job ends first: piscina would replace one that ended after its destroy.
    const current = new Set(this.pool.threads);
    await Promise.all([...this.alive].filter((thread) => !current.has(thread)).map((thread) => once(thread, 'exit')));
    await this.pool.destroy();
  }
}
