// Calls from the page into a long-lived worker (the checks', the html blocks'), each answered
// by id, so that several can be on their way at once.

interface Call<Q> {
  id: number;
  request: Q;
}
interface Answer<A> {
  id: number;
  answer: A;
}

/**
 * The worker at `url`, started on the first call. A worker that cannot start, or that
 * fails, rejects the calls on their way and every later one: the caller decides what then
 * (work on the page's thread, or show less).
 */
export function callsInWorker<Q, A>(url: string): (request: Q) => Promise<A> {
  /** Undefined until the first call; null once the worker could not start or failed. */
  let worker: Worker | null | undefined;
  let next = 0;
  const waiting = new Map<number, { resolve: (answer: A) => void; reject: (error: Error) => void }>();
  const fail = () => {
    worker?.terminate();
    worker = null;
    for (const { reject } of waiting.values()) reject(new Error(`the worker ${url} failed`));
    waiting.clear();
  };
  const start = (): Worker | null => {
    try {
      const started = new Worker(url);
      started.onmessage = ({ data }: MessageEvent<Answer<A>>) => {
        waiting.get(data.id)?.resolve(data.answer);
        waiting.delete(data.id);
      };
      started.onerror = fail;
      return started;
    } catch {
      return null;
    }
  };
  return (request) => {
    if (worker === undefined) worker = start();
    if (!worker) return Promise.reject(new Error(`the worker ${url} could not start`));
    const id = ++next;
    const answer = new Promise<A>((resolve, reject) => waiting.set(id, { resolve, reject }));
    const call: Call<Q> = { id, request };
    worker.postMessage(call);
    return answer;
  };
}

/** The worker's side of callsInWorker: each call answered with `answer(request)`. */
export function answerCalls<Q, A>(answer: (request: Q) => A): void {
  const scope = self as unknown as { onmessage: ((event: MessageEvent<Call<Q>>) => void) | null; postMessage(answer: Answer<A>): void };
  scope.onmessage = ({ data }) => scope.postMessage({ id: data.id, answer: answer(data.request) });
}
