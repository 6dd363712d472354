import type { JournalCalls, JournalChange, JournalEntry } from '@embed/editor-protocol';

export const JOURNAL_DATABASE = 'embed-editor-journal';
const STORE = 'entries';

const isUnsaved = (entry: JournalEntry | undefined): entry is JournalEntry => entry !== undefined && entry.change > entry.confirmed;

/** The request's result once it succeeds. */
const result = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/**
 * The editor's journal of unsaved changes and undo history, on the IndexedDB of the page it
 * runs in: the SDK keeps it in the integrator's page and answers the editor frame's
 * journal requests with it (libs/editor-protocol/src/journal.ts says why the page's).
 * Each read-modify-write is one IndexedDB transaction, so two editors in one page cannot
 * interleave theirs. IndexedDB is called directly, without a wrapper: the SDK that runs
 * this is loaded by every integrator's page, and a wrapper would add a third to its size.
 */
export class Journal implements JournalCalls {
  private constructor(private readonly db: IDBDatabase) {}

  static async open(name = JOURNAL_DATABASE): Promise<Journal> {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
    return new Journal(await result(request));
  }

  /** Journals the state after a change; resolves with the change's number, to hand to `confirm` once a save carrying it succeeds. */
  async record(key: string, change: JournalChange, now = Date.now()): Promise<number> {
    return this.transaction('readwrite', async (store) => {
      const previous = await result<JournalEntry | undefined>(store.get(key));
      const entry: JournalEntry = { ...change, key, change: (previous?.change ?? 0) + 1, confirmed: previous?.confirmed ?? 0, updatedAt: now };
      store.put(entry);
      return entry.change;
    });
  }

  /**
   * The service saved the state of change `change` as `revision`: changes up to it are no
   * longer unsaved (later ones still are), and the base is that revision. The history stays.
   */
  async confirm(key: string, change: number, saved: { designId: string; revision: number }): Promise<void> {
    await this.transaction('readwrite', async (store) => {
      const entry = await result<JournalEntry | undefined>(store.get(key));
      if (entry) store.put({ ...entry, designId: saved.designId, baseRevision: saved.revision, confirmed: Math.max(entry.confirmed, change) });
    });
  }

  /** The state whose changes the service never confirmed, if any: what to save (or offer) on load. */
  async unsaved(key: string): Promise<JournalEntry | undefined> {
    const entry = await this.entry(key);
    return isUnsaved(entry) ? entry : undefined;
  }

  /** What is kept for a design, saved or not: its latest state and undo history. */
  entry(key: string): Promise<JournalEntry | undefined> {
    return this.transaction('readonly', (store) => result(store.get(key)));
  }

  /** A new design's first save gave it an id: its entry moves under that key. */
  async rekey(from: string, to: string): Promise<void> {
    await this.transaction('readwrite', async (store) => {
      const entry = await result<JournalEntry | undefined>(store.get(from));
      if (!entry) return;
      store.delete(from);
      store.put({ ...entry, key: to, designId: to });
    });
  }

  close(): void {
    this.db.close();
  }

  /**
   * Runs `work` in one transaction on the entries; resolves with its value once the
   * transaction is committed (a write is on disk then), rejects when it is aborted.
   * `work` must make its requests without awaiting anything but them, or the transaction ends.
   */
  private async transaction<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => Promise<T>): Promise<T> {
    const tx = this.db.transaction(STORE, mode);
    const committed = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onabort = () => reject(tx.error ?? new DOMException('The journal transaction was aborted.', 'AbortError'));
    });
    const [value] = await Promise.all([work(tx.objectStore(STORE)), committed]);
    return value;
  }
}
