import type { JournalCalls, JournalChange, JournalOp, JournalOps } from '@embed/editor-protocol';

/** How the frame asks the SDK for a journal operation (HostBridge.journal). */
export type AskJournal = <K extends JournalOp>(op: K, args: JournalOps[K]['args']) => Promise<JournalOps[K]['result']>;

/**
 * How long the SDK may take to open the page's journal. An SDK that never answers is an
 * older embed.js still in the page's cache (it is cached for minutes, the frame is not):
 * the editor then works without a journal rather than not at all.
 */
export const JOURNAL_OPEN_TIMEOUT_MS = 5_000;

/**
 * The editor's journal of unsaved changes and undo history, kept by the SDK in the host
 * page's IndexedDB (libs/editor-protocol/src/journal.ts says why there): each operation
 * is a message to the SDK, answered once its IndexedDB transaction is done.
 */
export class HostJournal implements JournalCalls {
  private constructor(
    private readonly ask: AskJournal,
    /** The key of a new design's entry until its first save: this tab's and this editor's. */
    readonly draftKey: string,
  ) {}

  /** The page's journal, or null when the page has none (its IndexedDB refused or failing) or its SDK keeps none. */
  static async open(ask: AskJournal, timeoutMs = JOURNAL_OPEN_TIMEOUT_MS): Promise<HostJournal | null> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tooLate = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
    try {
      const opened = await Promise.race([ask('open', []), tooLate]);
      return opened && new HostJournal(ask, opened.draftKey);
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  record(key: string, change: JournalChange): Promise<number> {
    return this.ask('record', [key, change]);
  }

  confirm(key: string, change: number, saved: { designId: string; revision: number }): Promise<void> {
    return this.ask('confirm', [key, change, saved]);
  }

  unsaved(key: string) {
    return this.ask('unsaved', [key]);
  }

  entry(key: string) {
    return this.ask('entry', [key]);
  }

  rekey(from: string, to: string): Promise<void> {
    return this.ask('rekey', [from, to]);
  }
}
