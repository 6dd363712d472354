import type { Target } from '@embed/design-checks';
import { blockPathAttribute } from '../canvas/BlockFrame';
import type { EditorStore } from '../state/editor-store';

/** Puts the focus on `selector` once the views show it, and scrolls it to the middle of its pane. */
function reveal(selector: string): void {
  requestAnimationFrame(() => {
    const element = document.querySelector<HTMLElement>(selector);
    element?.focus({ preventScroll: true });
    element?.scrollIntoView({ block: 'center', inline: 'nearest' });
  });
}

/** Selects what a finding is about and takes the person there: a block or row on the canvas, or a setting's field. */
export function goToFinding(store: EditorStore, target: Target): void {
  switch (target.kind) {
    case 'block':
      store.select({ kind: 'block', path: target.path });
      return reveal(`[data-block-path="${blockPathAttribute(target.path)}"]`);
    case 'row':
      store.select({ kind: 'row', row: target.row });
      return reveal(`[data-row-handle="${target.row}"]`);
    case 'setting':
      store.select({ kind: 'body' });
      return reveal(target.field === 'closeButton' ? '#settings-closeButton-show' : `#settings-${target.field}`);
    default:
      // The design as a whole, or a printed document's header or footer (not on the canvas): the design's properties.
      return store.select({ kind: 'body' });
  }
}
