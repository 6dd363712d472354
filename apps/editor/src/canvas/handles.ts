/** Puts the focus on the handle of row `index`, once the canvas shows it there. */
export function focusRowHandle(index: number): void {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-row-handle="${index}"]`)?.focus());
}

/** Puts the focus on the handle of a row's column, once the canvas shows it there. */
export function focusColumnHandle(row: number, column: number): void {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-column-handle="${row}.${column}"]`)?.focus());
}
