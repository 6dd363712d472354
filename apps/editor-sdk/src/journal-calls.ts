import type { Journal, JournalAnswer } from '@embed/editor-journal';
import { editorError, type JournalRequest } from '@embed/editor-protocol';
import type { LoadJournalCode } from './journal-code';

const DRAFT_TAB_KEY = 'embed-editor-draft';

/**
 * The key of this tab's drafts, kept in the page's sessionStorage: it lasts as long as the
 * tab, across reloads, so that a new design's draft comes back after a reload or a crash.
 * The person's keys keep one person's draft from another's in the same tab (PersonJournal).
 * Without sessionStorage, a draft lasts as long as the page.
 */
function tabDraftKey(): string {
  let key: string | null = null;
  try {
    key = sessionStorage.getItem(DRAFT_TAB_KEY);
    if (!key) sessionStorage.setItem(DRAFT_TAB_KEY, (key = crypto.randomUUID()));
  } catch {
    // Storage refused or full: the draft is journaled for this page only.
  }
  return `draft:${key ?? crypto.randomUUID()}`;
}

// The page's draft key, made once for every editor in the page.
let draftTab: string | undefined;

/**
 * One mounted editor's journal: the page's IndexedDB, opened with the keys of the person
 * the editor's token acts for, which the service gives with the token
 * (`journalKey()`, GET /editor/v1/session). Opened at the frame's first request, and
 * then answering the frame's operations for that person only. `slot` is the editor's
 * place among those mounted in this page (0 for the first): it keeps the drafts of two
 * new designs in one page apart, and finds each again after a reload that mounts them in
 * the same order. The journal's code itself comes with `loadCode`, at the first request.
 */
export class PersonJournal {
  private opened: Promise<Journal> | undefined;
  private forgotten = false;

  constructor(
    private readonly journalKey: () => Promise<string>,
    private readonly slot: number,
    private readonly loadCode: LoadJournalCode,
    private readonly database?: string,
  ) {}

  /** Runs a journal operation the editor frame asked for. */
  answer(request: JournalRequest): Promise<JournalAnswer> {
    return this.loadCode().then(
      ({ answerJournal }) => answerJournal(() => this.journal(), request, () => `${(draftTab ??= tabDraftKey())}:${this.slot}`),
      // Without its code (the network away), the frame works without a journal, as when IndexedDB refuses.
      (error: unknown): JournalAnswer => ({ ok: false, error: editorError('journal_unavailable', `The journal’s code did not load: ${String(error)}`) }),
    );
  }

  /** Deletes everything this person's editors kept in this browser; the editor goes on without a journal. */
  async forget(): Promise<void> {
    const journal = await this.open();
    this.forgotten = true;
    await journal.forget();
  }

  private journal(): Promise<Journal> {
    if (this.forgotten) return Promise.reject(new Error('This person’s journal was forgotten (logout).'));
    return this.open();
  }

  private open(): Promise<Journal> {
    // A journal that could not open (no key: offline, the person erased) is tried again at the next need.
    this.opened ??= Promise.all([this.loadCode(), this.journalKey()])
      .then(async ([{ Journal, JournalKeys, keyBytes }, key]) => Journal.open(await JournalKeys.derive(keyBytes(key)), this.database))
      .catch((error: unknown) => {
        this.opened = undefined;
        throw error;
      });
    return this.opened;
  }
}
