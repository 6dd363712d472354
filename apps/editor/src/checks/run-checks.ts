import { checkDesign, type CheckOptions, type Finding } from '@embed/design-checks';
import type { DesignDocument } from '@embed/design-document/model';

/** Checks a design and gives its findings back, now or later. */
export type RunChecks = (doc: DesignDocument, options: CheckOptions) => Promise<Finding[]>;

/** What the page sends the checks worker, and what it answers. */
export interface CheckRequest {
  id: number;
  doc: DesignDocument;
  options: CheckOptions;
}
export interface CheckAnswer {
  id: number;
  findings: Finding[];
}

/** The checks on this thread: for tests, and for a browser that refuses the worker. */
export const checksHere: RunChecks = async (doc, options) => checkDesign(doc, options);

/**
 * The checks in a worker (checks-worker.ts, built beside the app), started on the first
 * check: checking a long design takes a tenth of a second or more, which on the page's
 * thread would hold up the next keystroke. A worker that cannot start or fails leaves the
 * checks to this thread.
 */
export function checksInWorker(url: string): RunChecks {
  /** Undefined until the first check; null once the worker could not start or failed. */
  let worker: Worker | null | undefined;
  const waiting = new Map<number, { doc: DesignDocument; options: CheckOptions; resolve: (findings: Finding[]) => void }>();
  let next = 0;
  const fail = () => {
    worker?.terminate();
    worker = null;
    for (const { doc, options, resolve } of waiting.values()) void checksHere(doc, options).then(resolve);
    waiting.clear();
  };
  const start = (): Worker | null => {
    try {
      const started = new Worker(url);
      started.onmessage = ({ data }: MessageEvent<CheckAnswer>) => {
        waiting.get(data.id)?.resolve(data.findings);
        waiting.delete(data.id);
      };
      started.onerror = fail;
      return started;
    } catch {
      return null;
    }
  };
  return (doc, options) => {
    if (worker === undefined) worker = start();
    if (!worker) return checksHere(doc, options);
    const id = ++next;
    const request: CheckRequest = { id, doc, options };
    worker.postMessage(request);
    return new Promise((resolve) => waiting.set(id, { doc, options, resolve }));
  };
}
