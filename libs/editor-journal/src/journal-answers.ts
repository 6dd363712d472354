import { type EditorError, editorError, isJournalOp } from '@embed/editor-protocol';
import type { Journal } from './journal';

// IndexedDB fails with DOMExceptions, which are not Errors everywhere.
const messageOf = (error: unknown) => (typeof (error as Error | null)?.message === 'string' ? (error as Error).message : String(error));

export type JournalAnswer = { ok: true; value: unknown } | { ok: false; error: EditorError };

/**
 * Runs a journal operation an editor frame asked for on the page's journal, as the SDK
 * answers it: only the operations the protocol lists (the request comes from another
 * window, so it is checked here); `open` answers with the draft key once the journal is
 * open. A journal that cannot open (the page's IndexedDB refused, as in private mode, or
 * full) fails every operation, and the frame works without it.
 */
export async function answerJournal(journal: () => Promise<Journal>, request: { op: unknown; args: unknown }, draftKey: () => string): Promise<JournalAnswer> {
  try {
    if (!isJournalOp(request.op) || !Array.isArray(request.args)) throw new Error(`There is no journal operation ${String(request.op)}.`);
    const opened = await journal();
    if (request.op === 'open') return { ok: true, value: { draftKey: draftKey() } };
    const run = opened[request.op] as (...args: unknown[]) => Promise<unknown>;
    return { ok: true, value: await run.apply(opened, request.args) };
  } catch (error) {
    return { ok: false, error: editorError('journal_unavailable', messageOf(error)) };
  }
}
