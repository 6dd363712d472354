/** How long after the last change the host page is told. */
export const CHANGE_REPORT_DELAY_MS = 200;

/**
 * Tells the host page of changes without waking it on every keystroke: a burst of
 * changes is reported once, shortly after it ends (the page reads the document itself,
 * with `getDesign()`). Anything else the page is told (a save, a command's result) first
 * sends a change still waiting, so that the page hears of a change before its save.
 */
export class ChangeReporter {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly report: () => void,
    private readonly delayMs = CHANGE_REPORT_DELAY_MS,
  ) {}

  changed(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.delayMs);
  }

  flush(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.report();
  }
}
