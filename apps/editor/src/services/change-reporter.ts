/** How long after the last change the host page is sent the document. */
export const CHANGE_REPORT_DELAY_MS = 200;

/**
 * Tells the host page of changes without costing the person typing: copying a large
 * document into the page on every keystroke would take longer than a frame. A burst of
 * changes is reported once, shortly after it ends, with the document; anything else
 * the page is told (a save, a command's result) first sends a change still waiting, so
 * that `getDesign()` is current whenever the page hears from the editor.
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
