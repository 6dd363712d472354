// The import's worker (built beside the app, started by imports/run-import.ts for one
// import): another editor's design converted by the server's own converter, off the page's
// thread and stopped by the page past its time limit.
import { importDesign, SourceUnreadable } from '@embed/design-import';
import type { ImportAnswer, ImportRequest } from './imports/run-import';

const scope = self as unknown as { onmessage: ((event: MessageEvent<ImportRequest>) => void) | null; postMessage(answer: ImportAnswer): void };

scope.onmessage = ({ data: { format, source, mode, mergeTags } }) => {
  try {
    scope.postMessage({ ok: true, ...importDesign({ format, source, mode, mergeTags }) });
  } catch (error) {
    // Anything else thrown is a fault of the converter: the worker's error event tells the page.
    if (!(error instanceof SourceUnreadable)) throw error;
    scope.postMessage({ ok: false, unreadable: error.toReason() });
  }
};
