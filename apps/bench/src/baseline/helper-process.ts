// A helper process of a benchmark (the webhook receiver, the baseline's sender), asked
// over Node's IPC channel: each request carries an id and gets exactly one answer with it.
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';

type Answer = { id: number; error?: string } & Record<string, unknown>;

/** The benchmark's side: starts `file` (beside this one) and asks it the requests it takes. */
export class HelperProcess<Request extends { kind: string }> {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (answer: Answer) => {
      const waiting = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      if (answer.error) waiting?.reject(new Error(answer.error));
      else waiting?.resolve(answer);
    });
    child.on('exit', (code) => {
      for (const waiting of this.pending.values()) waiting.reject(new Error(`helper process exited with ${code}`));
      this.pending.clear();
    });
  }

  /** Starts the helper (`file` given `args`) and resolves once it says it is ready. */
  static async start<Request extends { kind: string }>(file: string, args: string[] = []): Promise<HelperProcess<Request>> {
    const helper = new HelperProcess<Request | { kind: 'ready' }>(fork(path.join(__dirname, file), args, { stdio: 'inherit' }));
    await helper.ask({ kind: 'ready' }, 30_000);
    return helper;
  }

  /** Sends `request` and resolves with the answer; rejects after `timeoutMs` without one. */
  ask<T>(request: Request, timeoutMs: number): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`no answer to ${request.kind} within ${timeoutMs} ms`));
      }, timeoutMs);
      const settle = <A extends unknown[]>(then: (...args: A) => void) => (...args: A) => (clearTimeout(timer), then(...args));
      this.pending.set(id, { resolve: settle((answer: Answer) => resolve(answer as T)), reject: settle(reject) });
      this.child.send({ ...request, id });
    });
  }

  stop(): void {
    this.child.kill();
  }
}

/** The helper's side: answers each request with what `handle` resolves to (`ready` is answered at once). */
export function answerRequests(handle: (request: { kind: string } & Record<string, unknown>) => Promise<object>): void {
  process.on('message', async ({ id, ...request }: { id: number; kind: string } & Record<string, unknown>) => {
    try {
      process.send?.({ ...(request.kind === 'ready' ? {} : await handle(request)), id });
    } catch (error) {
      process.send?.({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
}

/** A clock that processes on one machine share, to the microsecond: when something happened here, comparable with another process's reading. */
export const sharedClock = () => performance.timeOrigin + performance.now();
