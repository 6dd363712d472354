import { type BlockType, blockTypesFor, type DesignMode } from '@embed/design-document/model';
import { newBlock } from '@embed/editor-core';
import type { EditorStore } from '../state/editor-store';
import { insertion } from '../state/insertion';
import { BLOCK_LABELS } from './block-labels';
import { useTranslator } from './i18n';
import { memo } from './memo';

export function addBlock(store: EditorStore, type: BlockType): void {
  const { command, path } = insertion(store.doc, store.selection, newBlock(type));
  store.dispatch(command, { select: { kind: 'block', path }, focus: type === 'text' || type === 'heading', place: 'toolbar' });
}

/** One button per block type the design's mode allows (contracts §7: a toolbar named Blocks). */
export const BlocksToolbar = memo(function BlocksToolbar({ store, mode }: { store: EditorStore; mode: DesignMode }) {
  const { t } = useTranslator();
  const onKeyDown = (event: KeyboardEvent) => {
    // Arrow keys move between the toolbar's buttons, as in any toolbar.
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const buttons = [...(event.currentTarget as HTMLElement).querySelectorAll('button')];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    buttons[(index + (event.key === 'ArrowRight' ? 1 : buttons.length - 1)) % buttons.length]?.focus();
    event.preventDefault();
  };
  return (
    <div role="toolbar" aria-label={t('toolbar.blocks')} class="blocks-toolbar" onKeyDown={onKeyDown}>
      {blockTypesFor(mode).map((type) => (
        <button key={type} type="button" onClick={() => addBlock(store, type)}>
          {t(BLOCK_LABELS[type])}
        </button>
      ))}
    </div>
  );
});
