import type { JournalRequest } from '@embed/editor-protocol';
import { answerJournal, Journal, type JournalAnswer } from '@embed/editor-journal';

const DRAFT_TAB_KEY = 'embed-editor-draft';

/**
 * The key of this tab's drafts, kept in the page's sessionStorage: it lasts as long as the
 * tab, across reloads, so that a new design's draft comes back after a reload or a crash,
 * and is never shown to the next person who opens a new design on a shared browser.
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

// The page's journal and draft key, each made once for every editor in the page.
let journal: Promise<Journal> | undefined;
let draftTab: string | undefined;

/**
 * Runs a journal operation for an editor frame on the page's journal. `slot` is the
 * editor's place among those mounted in this page (0 for the first): it keeps the drafts
 * of two new designs in one page apart, and finds each again after a reload that mounts
 * them in the same order.
 */
export function callJournal(request: JournalRequest, slot: number): Promise<JournalAnswer> {
  return answerJournal(
    () => (journal ??= Journal.open()),
    request,
    () => `${(draftTab ??= tabDraftKey())}:${slot}`,
  );
}
