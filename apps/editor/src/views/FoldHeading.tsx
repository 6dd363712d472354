import type { ComponentChildren } from 'preact';

/**
 * A side panel's title that folds the panel to it (Checks, Rows): the property panel
 * keeps the room to edit, and the title still says what is there.
 */
export function FoldHeading({ id, controls, open, onToggle, children }: { id: string; controls: string; open: boolean; onToggle: () => void; children: ComponentChildren }) {
  return (
    <h2>
      <button type="button" id={id} class="fold" aria-expanded={open} aria-controls={controls} onClick={onToggle}>
        <span class="fold-mark" aria-hidden="true" />
        {children}
      </button>
    </h2>
  );
}
