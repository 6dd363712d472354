import { createContext } from 'preact';

/** An html block's markup as the renderer sends it: sanitized by its rules (render-core's sanitizeRawHtml). */
export type SanitizeHtml = (html: string) => Promise<string>;

/** What the page sends the html worker, and what it answers. */
export interface SanitizeRequest {
  id: number;
  html: string;
}
export interface SanitizeAnswer {
  id: number;
  html: string;
}

/** Markups sanitized lately, so that a block rendered again is not sent again; the oldest go first. */
const REMEMBERED = 64;

/**
 * The sanitizer in a worker (html-worker.ts, built beside the app), started for the first
 * html block shown. A worker that cannot start or fails refuses every call: the canvas
 * then shows the markup as source, never unsanitized.
 */
export function sanitizerInWorker(url: string): SanitizeHtml {
  let worker: Worker | null | undefined;
  let next = 0;
  const waiting = new Map<number, { resolve: (html: string) => void; reject: (error: Error) => void }>();
  const remembered = new Map<string, Promise<string>>();
  const fail = () => {
    worker?.terminate();
    worker = null;
    for (const { reject } of waiting.values()) reject(new Error('the html worker failed'));
    waiting.clear();
  };
  const start = (): Worker | null => {
    try {
      const started = new Worker(url);
      started.onmessage = ({ data }: MessageEvent<SanitizeAnswer>) => {
        waiting.get(data.id)?.resolve(data.html);
        waiting.delete(data.id);
      };
      started.onerror = fail;
      return started;
    } catch {
      return null;
    }
  };
  return (html) => {
    const known = remembered.get(html);
    if (known) return known;
    if (worker === undefined) worker = start();
    if (!worker) return Promise.reject(new Error('the html worker could not start'));
    const id = ++next;
    const request: SanitizeRequest = { id, html };
    const answer = new Promise<string>((resolve, reject) => waiting.set(id, { resolve, reject }));
    worker.postMessage(request);
    remembered.set(html, answer);
    answer.catch(() => remembered.delete(html));
    if (remembered.size > REMEMBERED) remembered.delete(remembered.keys().next().value as string);
    return answer;
  };
}

/** The canvas's sanitizer; none (tests, a page without the worker) shows html blocks as source. */
export const HtmlSanitizerContext = createContext<SanitizeHtml | null>(null);
