/**
 * Arrow keys, Home and End move the focus between a toolbar's controls, as in any
 * toolbar (WAI-ARIA toolbar pattern); Tab leaves it.
 */
export function onToolbarKeyDown(event: KeyboardEvent): void {
  const keys: Record<string, (index: number, count: number) => number> = {
    ArrowRight: (index, count) => (index + 1) % count,
    ArrowLeft: (index, count) => (index + count - 1) % count,
    Home: () => 0,
    End: (_, count) => count - 1,
  };
  const next = keys[event.key];
  if (!next) return;
  const controls = [...(event.currentTarget as HTMLElement).querySelectorAll<HTMLElement>('button, input, select')].filter((control) => !control.closest('[role="menu"]'));
  const index = controls.indexOf(document.activeElement as HTMLElement);
  if (index < 0) return;
  event.preventDefault();
  controls[next(index, controls.length)]?.focus();
}
