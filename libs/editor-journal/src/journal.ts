import type { JournalCalls, JournalChange, JournalEntry } from '@embed/editor-protocol';
import type { JournalKeys, SealedEntry } from './journal-keys';

export const JOURNAL_DATABASE = 'embed-editor-journal';
/** Version 2 keeps sealed records; version 1 kept entries in the clear, which the upgrade deletes. */
const VERSION = 2;
const STORE = 'records';
const CLEAR_STORE = 'entries';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An entry the service has every change of is kept this long after its last write (its undo history survives reloads meanwhile). */
export const SAVED_KEEP_MS = 7 * DAY_MS;
/** An entry with changes the service never confirmed (a draft never saved, an offline edit) is kept this long after its last write. */
export const UNSAVED_KEEP_MS = 30 * DAY_MS;

/**
 * A record as IndexedDB holds it: the entry sealed with its person's keys, under an id
 * derived from them, and in the clear only what the sweep needs to judge its age, which
 * it does for every person's records, those of people erased (whose keys are gone) too.
 */
interface JournalRecord extends SealedEntry {
  id: string;
  writtenAt: number;
  /** The service has every change of it. */
  saved: boolean;
}

const isUnsaved = (entry: JournalEntry | undefined): entry is JournalEntry => entry !== undefined && entry.change > entry.confirmed;
const expired = (record: JournalRecord, now: number) => now - record.writtenAt > (record.saved ? SAVED_KEEP_MS : UNSAVED_KEEP_MS);
const sameSeal = (a: JournalRecord | undefined, b: JournalRecord | undefined) => a?.iv.join() === b?.iv.join();
/** Every id of one person's records: the namespace, then `:`, then a name (';' is the character after ':'). */
const namespaceRange = (namespace: string) => IDBKeyRange.bound(`${namespace}:`, `${namespace};`, false, true);

/** The request's result once it succeeds. */
const result = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/** What one read-modify-write writes: each id's new entry, or null to delete it. */
type Writes = Map<string, JournalEntry | null>;

/**
 * The editor's journal of unsaved changes and undo history for one person, on the
 * IndexedDB of the page it runs in: the SDK keeps it in the integrator's page and answers
 * the editor frame's journal requests with it (libs/editor-protocol/src/journal.ts says
 * why the page's). Entries are sealed with the person's keys (journal-keys.ts), so that a
 * browser shared by several people gives each only their own, and none once erased.
 *
 * Sealing is asynchronous and an IndexedDB transaction ends at the first other wait, so a
 * read-modify-write reads, seals, then writes in a second transaction that first checks
 * the records it read are still as read (each seal has its own IV), and starts again when
 * another tab wrote meanwhile. Within the page, operations run one after another.
 * IndexedDB is called directly, without a wrapper: the SDK that runs this is loaded by
 * every integrator's page, and a wrapper would add a third to its size.
 */
export class Journal implements JournalCalls {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly db: IDBDatabase,
    private readonly keys: JournalKeys,
  ) {}

  /** Opens the page's journal for the person whose keys these are, first deleting every person's expired records. */
  static async open(keys: JournalKeys, name = JOURNAL_DATABASE, now = Date.now()): Promise<Journal> {
    const request = indexedDB.open(name, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (db.objectStoreNames.contains(CLEAR_STORE)) db.deleteObjectStore(CLEAR_STORE);
      db.createObjectStore(STORE, { keyPath: 'id' });
    };
    const journal = new Journal(await result(request), keys);
    await journal.sweep(now);
    return journal;
  }

  /** Journals the state after a change; resolves with the change's number, to hand to `confirm` once a save carrying it succeeds. */
  async record(key: string, change: JournalChange, now = Date.now()): Promise<number> {
    let number = 0;
    await this.update([key], ([previous]) => {
      number = (previous?.change ?? 0) + 1;
      return new Map([[key, { ...change, key, change: number, confirmed: previous?.confirmed ?? 0, updatedAt: now }]]);
    }, now);
    return number;
  }

  /**
   * The service saved the state of change `change` as `revision`: changes up to it are no
   * longer unsaved (later ones still are), and the base is that revision. The history
   * stays, for as long as saved entries are kept.
   */
  async confirm(key: string, change: number, saved: { designId: string; revision: number }, now = Date.now()): Promise<void> {
    await this.update([key], ([entry]) =>
      entry ? new Map([[key, { ...entry, designId: saved.designId, baseRevision: saved.revision, confirmed: Math.max(entry.confirmed, change) }]]) : new Map(),
    now);
  }

  /** The state whose changes the service never confirmed, if any: what to save (or offer) on load. */
  async unsaved(key: string): Promise<JournalEntry | undefined> {
    const entry = await this.entry(key);
    return isUnsaved(entry) ? entry : undefined;
  }

  /** What is kept for a design, saved or not: its latest state and undo history. */
  async entry(key: string): Promise<JournalEntry | undefined> {
    return this.serially(async () => {
      const id = await this.keys.idOf(key);
      const record = await this.transaction('readonly', (store) => result<JournalRecord | undefined>(store.get(id)));
      return this.unseal(id, record);
    });
  }

  /** A new design's first save gave it an id: its entry moves under that key. */
  async rekey(from: string, to: string, now = Date.now()): Promise<void> {
    await this.update([from], ([entry]) => (entry ? new Map([[from, null], [to, { ...entry, key: to, designId: to }]]) : new Map()), now);
  }

  /** Deletes every entry of this person (the SDK's forget(), at logout). */
  async forget(): Promise<void> {
    await this.serially(() => this.transaction('readwrite', (store) => result(store.delete(namespaceRange(this.keys.namespace)))));
  }

  close(): void {
    this.db.close();
  }

  /** Deletes the records of every person that are past their keeping time. */
  private async sweep(now: number): Promise<void> {
    await this.transaction('readwrite', async (store) => {
      const cursors = store.openCursor();
      await new Promise<void>((resolve, reject) => {
        cursors.onerror = () => reject(cursors.error);
        cursors.onsuccess = () => {
          const cursor = cursors.result;
          if (!cursor) return resolve();
          if (expired(cursor.value as JournalRecord, now)) cursor.delete();
          cursor.continue();
        };
      });
    });
  }

  /** The entry sealed in `record`, or undefined when there is none or it cannot be opened with this person's keys. */
  private async unseal(id: string, record: JournalRecord | undefined): Promise<JournalEntry | undefined> {
    return record && this.keys.open<JournalEntry>(id, record).catch(() => undefined);
  }

  /**
   * Reads the entries under `keys`, gives them to `change`, seals what it returns and
   * writes it, unless one of the records read changed meanwhile (another tab): then again.
   */
  private update(keys: string[], change: (entries: (JournalEntry | undefined)[]) => Writes, now: number): Promise<void> {
    return this.serially(async () => {
      for (;;) {
        const ids = await Promise.all(keys.map((key) => this.keys.idOf(key)));
        const read = await this.transaction('readonly', (store) => Promise.all(ids.map((id) => result<JournalRecord | undefined>(store.get(id)))));
        const writes = change(await Promise.all(ids.map((id, i) => this.unseal(id, read[i]))));
        const records = await Promise.all(
          [...writes].map(async ([key, entry]) => {
            const id = await this.keys.idOf(key);
            return { id, record: entry && { id, writtenAt: now, saved: !isUnsaved(entry), ...(await this.keys.seal(id, entry)) } };
          }),
        );
        const written = await this.transaction('readwrite', async (store) => {
          const current = await Promise.all(ids.map((id) => result<JournalRecord | undefined>(store.get(id))));
          if (current.some((record, i) => !sameSeal(record, read[i]))) return false;
          for (const { id, record } of records) {
            if (record) store.put(record);
            else store.delete(id);
          }
          return true;
        });
        if (written) return;
      }
    });
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Runs `work` in one transaction on the records; resolves with its value once the
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
