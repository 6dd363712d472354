import { useLayoutEffect, useRef } from 'preact/hooks';

/** A toolbar's controls in order, those of a menu it opens left out. */
const controlsOf = (toolbar: HTMLElement) => [...toolbar.querySelectorAll<HTMLElement>('button, input, select')].filter((control) => !control.closest('[role="menu"]'));

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
  const controls = controlsOf(event.currentTarget as HTMLElement);
  const index = controls.indexOf(document.activeElement as HTMLElement);
  if (index < 0) return;
  event.preventDefault();
  controls[next(index, controls.length)]?.focus();
}

/**
 * A toolbar as one tab stop (a roving tabindex): Tab reaches the control last used in
 * it (the first at the start) and leaves it; arrow keys, Home and End move inside it.
 * Spread the props on the element with role="toolbar".
 */
export function useRovingToolbar() {
  const ref = useRef<HTMLDivElement>(null);
  const current = useRef<HTMLElement | null>(null);
  // After every render, as controls come and go: only the current control (or the first) is in the tab order.
  const rove = () => {
    const controls = ref.current ? controlsOf(ref.current) : [];
    const stop = current.current && controls.includes(current.current) ? current.current : controls[0];
    for (const control of controls) control.tabIndex = control === stop ? 0 : -1;
  };
  useLayoutEffect(rove);
  return {
    ref,
    onKeyDown: onToolbarKeyDown,
    onFocusIn: (event: FocusEvent) => {
      if (!ref.current || !controlsOf(ref.current).includes(event.target as HTMLElement)) return;
      current.current = event.target as HTMLElement;
      rove();
    },
  };
}
