import { checkDesign, type CheckOptions, type Finding } from '@embed/design-checks';
import type { DesignDocument } from '@embed/design-document/model';
import { callsInWorker } from '../services/worker-calls';

/** Checks a design and gives its findings back, now or later. */
export type RunChecks = (doc: DesignDocument, options: CheckOptions) => Promise<Finding[]>;

/** What the page sends the checks worker (checks-worker.ts). */
export interface CheckRequest {
  doc: DesignDocument;
  options: CheckOptions;
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
  const call = callsInWorker<CheckRequest, Finding[]>(url);
  return (doc, options) => call({ doc, options }).catch(() => checksHere(doc, options));
}
