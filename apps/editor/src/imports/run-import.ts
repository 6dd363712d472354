import type { ImportFormat, ImportWarning } from '@embed/contracts';
import type { SourceUnreadableReason } from '@embed/contracts/import-unreadable';
import type { DesignDocument, DesignMode } from '@embed/design-document/model';

/** What the page sends the import worker (import-worker.ts), and what it answers. */
export interface ImportRequest {
  format: ImportFormat;
  source: string;
  mode: DesignMode;
  /** The source's merge tags to the project's, as the person mapped them in the dialog. */
  mergeTags: Record<string, string>;
}
export type ImportAnswer = { ok: true; design: DesignDocument; warnings: ImportWarning[] } | { ok: false; unreadable: SourceUnreadableReason };

/** Past this, the conversion is stopped (a hostile or huge source): the person is told it took too long. */
export const IMPORT_TIME_LIMIT_MS = 10_000;

/** Why an import gave nothing: the source is not that format (the converter's reason, said in the editor's language), the file is too large, or the worker stopped or failed. */
export type ImportFailure = { kind: 'unreadable'; reason: SourceUnreadableReason } | { kind: 'too_large' } | { kind: 'too_slow' } | { kind: 'failed' };

/**
 * Converts in a worker of its own (import-worker.ts, built beside the app), started for this
 * one import and ended after it: the converter (@embed/design-import, the server's own)
 * stays out of the editor's bundle until someone imports, never holds up typing, and is
 * stopped at IMPORT_TIME_LIMIT_MS.
 */
export function importInWorker(url: string, request: ImportRequest): Promise<{ design: DesignDocument; warnings: ImportWarning[] }> {
  return new Promise((resolve, reject: (failure: ImportFailure) => void) => {
    let worker: Worker;
    try {
      worker = new Worker(url);
    } catch {
      return reject({ kind: 'failed' });
    }
    const timer = setTimeout(() => finish(() => reject({ kind: 'too_slow' })), IMPORT_TIME_LIMIT_MS);
    const finish = (then: () => void) => {
      clearTimeout(timer);
      worker.terminate();
      then();
    };
    worker.onmessage = ({ data }: MessageEvent<ImportAnswer>) =>
      finish(() => (data.ok ? resolve({ design: data.design, warnings: data.warnings }) : reject({ kind: 'unreadable', reason: data.unreadable })));
    worker.onerror = () => finish(() => reject({ kind: 'failed' }));
    worker.postMessage(request);
  });
}
