import { createContext } from 'preact';
import { callsInWorker } from '../services/worker-calls';

/** An html block's markup as the renderer sends it: sanitized by its rules (render-core's sanitizeRawHtml). */
export type SanitizeHtml = (html: string) => Promise<string>;

/** Markups sanitized lately, so that a block rendered again is not sent again; the oldest go first. */
const REMEMBERED = 64;

/**
 * The sanitizer in a worker (html-worker.ts, built beside the app), started for the first
 * html block shown. A worker that cannot start or fails refuses every call: the canvas
 * then shows the markup as source, never unsanitized.
 */
export function sanitizerInWorker(url: string): SanitizeHtml {
  const call = callsInWorker<string, string>(url);
  const remembered = new Map<string, Promise<string>>();
  return (html) => {
    const known = remembered.get(html);
    if (known) return known;
    const answer = call(html);
    remembered.set(html, answer);
    answer.catch(() => remembered.delete(html));
    if (remembered.size > REMEMBERED) remembered.delete(remembered.keys().next().value as string);
    return answer;
  };
}

/** The canvas's sanitizer; none (tests, a page without the worker) shows html blocks as source. */
export const HtmlSanitizerContext = createContext<SanitizeHtml | null>(null);
