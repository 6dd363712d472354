import type { JournalCalls, JournalChange } from '@embed/editor-protocol';

/** The journal is written at most this often while the person works (and at once when a save goes out or the page goes away). */
export const JOURNAL_DELAY_MS = 300;

/**
 * Writes one design's changes to the journal (the host page's, through the SDK: a write
 * is a message, then an IndexedDB transaction there) without costing the person typing: a burst
 * of changes is written once, JOURNAL_DELAY_MS after its first change, with the state at
 * that moment. Writes happen one after another, in order. A journal that fails (storage
 * full, or taken away by the browser) costs the journal only: saving goes on without it.
 */
export class JournalWriter {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** The document last written, with the save in flight then, and the change number the journal gave it. */
  private written: { doc: unknown; sent: string | undefined; change: number | null } = { doc: undefined, sent: undefined, change: null };
  /** The fingerprint of the save in flight, written with every change until the service answers it. */
  private sent: string | undefined;

  constructor(
    private readonly journal: JournalCalls,
    private key: string,
    /** The state to write now (called when writing, not on every change: the history is serialized then). */
    private readonly state: () => JournalChange,
    private readonly delayMs = JOURNAL_DELAY_MS,
  ) {}

  changed(): void {
    if (this.timer === undefined) this.timer = setTimeout(() => void this.flush(), this.delayMs);
  }

  /**
   * Writes the state now unless it is written already; resolves with the change number
   * that covers the document as it is at this call (null when the journal failed).
   */
  flush(): Promise<number | null> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const state = { ...this.state(), sent: this.sent };
    if (state.doc === this.written.doc && state.sent === this.written.sent) return this.after(() => this.written.change);
    this.written = { doc: state.doc, sent: state.sent, change: null };
    const written = this.written;
    return this.after(async () => (written.change = await this.journal.record(this.key, state)));
  }

  /** A save carrying `fingerprint` goes out: the journal has it, with the state, before the save leaves. */
  sending(fingerprint: string): Promise<number | null> {
    this.sent = fingerprint;
    return this.flush();
  }

  /** The service saved the state of `change`: it is no longer unsaved, and no save is in flight. */
  async confirm(change: number | null, saved: { designId: string; revision: number }): Promise<void> {
    this.sent = undefined;
    if (change !== null) await this.after(() => this.journal.confirm(this.key, change, saved));
  }

  /** A new design's first save gave it its id: its entry moves under it. */
  async rekey(designId: string): Promise<void> {
    const from = this.key;
    this.key = designId;
    await this.after(() => this.journal.rekey(from, designId));
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private after<T>(step: () => T | Promise<T>): Promise<T | null> {
    const next = this.queue.then(step).catch(() => null);
    this.queue = next;
    return next;
  }
}
