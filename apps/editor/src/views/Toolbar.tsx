import { type Block, type BlockType, blockTypesFor, type DesignMode } from '@embed/design-document/model';
import { type Command, newBlock, type BlockPath } from '@embed/editor-core';
import type { EditorStore } from '../state/editor-store';
import { BLOCK_LABELS } from './block-labels';
import { useTranslator } from './i18n';
import { memo } from './memo';

/** Where a new block goes: after the selected block, at the end of the selected row, or in a new row at the end. */
function insertion(store: EditorStore, block: Block): { command: Command; path: BlockPath } {
  const { selection, doc } = store;
  if (selection?.kind === 'block') {
    const path = { ...selection.path, block: selection.path.block + 1 };
    return { command: { type: 'insertBlock', at: path, block }, path };
  }
  if (selection?.kind === 'row') {
    const path = { row: selection.row, column: 0, block: doc.body.rows[selection.row].columns[0].blocks.length };
    return { command: { type: 'insertBlock', at: path, block }, path };
  }
  const row = doc.body.rows.length;
  return { command: { type: 'insertRow', index: row, row: { columns: [{ blocks: [block] }] } }, path: { row, column: 0, block: 0 } };
}

export function addBlock(store: EditorStore, type: BlockType): void {
  const { command, path } = insertion(store, newBlock(type));
  store.dispatch(command, { select: { kind: 'block', path }, focus: type === 'text' || type === 'heading' });
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
