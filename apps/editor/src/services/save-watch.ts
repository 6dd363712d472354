import type { ServerDesign } from '@embed/editor-core';
import type { EditorApi } from './editor-api';

/**
 * How often an open editor asks whether another tab or person saved its design: one
 * restore point's summary (no document) every 10 s, 6 of the 600 editor reads a person
 * may make a minute (docs/server-api.md, rate limits), and none while the page is hidden.
 */
export const SAVE_WATCH_INTERVAL_MS = 10_000;

export interface WatchedStore {
  /** The design and the revision the editor has, or null when there is nothing to watch now. */
  readonly watched: { id: string; revision: number } | null;
  savedElsewhere(theirs: ServerDesign): void;
}

/**
 * Tells the store of another tab's or person's save when it happens, not at this tab's
 * next save: the newest restore point is the design as last saved, so a higher revision
 * there is a save made elsewhere, and only then is the design itself read.
 */
export class SaveWatch {
  private timer: ReturnType<typeof setInterval> | undefined;
  private looking = false;
  private readonly onVisible = () => document.visibilityState === 'visible' && void this.look();

  constructor(
    private readonly api: EditorApi,
    private readonly store: WatchedStore,
    private readonly intervalMs = SAVE_WATCH_INTERVAL_MS,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.look(), this.intervalMs);
    document.addEventListener('visibilitychange', this.onVisible);
  }

  stop(): void {
    clearInterval(this.timer);
    document.removeEventListener('visibilitychange', this.onVisible);
  }

  /** One look; a failed one is left to the next (saving tells the person of a service it cannot reach). */
  async look(): Promise<void> {
    const watched = this.store.watched;
    if (this.looking || !watched || document.visibilityState === 'hidden') return;
    this.looking = true;
    try {
      const { revisions } = await this.api.listRevisions(watched.id, undefined, 1);
      if ((revisions[0]?.revision ?? -1) <= watched.revision) return;
      this.store.savedElsewhere(await this.api.getDesign(watched.id));
    } catch {
      // The next look tries again.
    } finally {
      this.looking = false;
    }
  }
}
