import { clippingMeter, type ClippingMeter, type Finding } from '@embed/design-checks';
import type { DesignDocument } from '@embed/design-document/model';
import type { RunChecks } from '../checks/run-checks';
import type { EditorApi } from '../services/editor-api';
import type { EditorStore } from './editor-store';

/** The checks run this long after the last change: a burst of typing is checked once, after it. */
export const CHECK_DELAY_MS = 300;
/** An email is rendered for its real size this long after the last change (the service's render, not a keystroke's work). */
export const MEASURE_DELAY_MS = 2000;

/**
 * The design checks, live: the findings of the design as it is now, and for an email the
 * clipping meter from the renderer's real HTML size (POST /editor/v1/render). Both wait
 * for a pause in the changes; one render at a time, the latest design next. The checks run
 * where `runChecks` puts them (a worker in the browser); only the latest design's findings
 * are shown.
 */
export class DesignChecks {
  findings: Finding[] = [];
  meter: ClippingMeter | null = null;
  private seen: DesignDocument | null = null;
  private htmlBytes: number | undefined;
  private checkTimer: ReturnType<typeof setTimeout> | undefined;
  private measureTimer: ReturnType<typeof setTimeout> | undefined;
  private measuring = false;
  /** The number of the latest check asked for: an earlier one's findings come too late to show. */
  private latestCheck = 0;
  private readonly subscribers = new Set<() => void>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly store: EditorStore,
    private readonly api: EditorApi,
    private readonly runChecks: RunChecks,
    private readonly delays = { check: CHECK_DELAY_MS, measure: MEASURE_DELAY_MS },
    /** The project's brand kit palette, whose outsiders the checks find. */
    private readonly brandColours: readonly string[] = [],
  ) {
    this.unsubscribe = store.subscribe(() => this.changed());
    this.seen = store.doc;
    // The first check waits for the editor to be shown: opening a design is not held up by it.
    this.checkTimer = setTimeout(() => this.check(), 0);
    this.scheduleMeasure(0);
  }

  subscribe(listener: () => void): () => void {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  }

  dispose(): void {
    this.unsubscribe();
    clearTimeout(this.checkTimer);
    clearTimeout(this.measureTimer);
  }

  private changed(): void {
    if (this.store.doc === this.seen) return;
    this.seen = this.store.doc;
    clearTimeout(this.checkTimer);
    this.checkTimer = setTimeout(() => this.check(), this.delays.check);
    this.scheduleMeasure(this.delays.measure);
  }

  private check(): void {
    const id = ++this.latestCheck;
    void this.runChecks(this.store.doc, { htmlBytes: this.htmlBytes, untranslated: true, brandColours: this.brandColours }).then((findings) => {
      if (id !== this.latestCheck) return;
      this.findings = findings;
      for (const listener of this.subscribers) listener();
    });
  }

  private scheduleMeasure(delay: number): void {
    if (this.store.doc.mode !== 'email') return;
    clearTimeout(this.measureTimer);
    this.measureTimer = setTimeout(() => void this.measure(), delay);
  }

  private async measure(): Promise<void> {
    if (this.measuring) return this.scheduleMeasure(this.delays.measure);
    this.measuring = true;
    const doc = this.store.doc;
    try {
      const { bytes } = await this.api.render(doc, this.store.id);
      this.htmlBytes = bytes;
      this.meter = clippingMeter(bytes);
      this.check();
    } catch {
      // A design the renderer refuses mid-edit, or the network gone: the last size stands until the next render.
    } finally {
      this.measuring = false;
    }
  }
}
