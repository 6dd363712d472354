import type { Block } from '@embed/design-document/model';
import { type BlockPath, duplicateBlock, keyboardMove, keyOf, neighbourOf } from '@embed/editor-core';
import { blockToRow } from '../state/drops';
import type { EditorStore } from '../state/editor-store';
import { BLOCK_LABELS } from '../views/block-labels';
import { useTranslator } from '../views/i18n';
import { memo } from '../views/memo';
import { BlockContent } from './BlockContent';
import { allowDrop, droppedImage } from './drag';
import { pressToDrag } from './pointer-drag';
import { focusRowHandle } from './handles';

const ARROWS: Record<string, 'up' | 'down' | 'left' | 'right'> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

export const blockPathAttribute = (path: BlockPath) => `${path.row}.${path.column}.${path.block}`;

interface Props {
  block: Block;
  row: number;
  column: number;
  index: number;
  store: EditorStore;
  selected: boolean;
}

/**
 * A block on the canvas: selectable, dragged by its handle once selected (or anywhere outside its text),
 * and moved, copied or deleted from the keyboard (Alt+arrows; Alt+Shift+Up/Down into a row of
 * its own above or below; Ctrl/Cmd+D, Delete) while
 * its frame has the focus; Escape in its text comes back to the frame. The focus follows
 * the block it was on (the store asks for it by the block's key), and a deleted block's
 * neighbour takes it.
 */
export const BlockFrame = memo(function BlockFrame({ block, row, column, index, store, selected }: Props) {
  const { t } = useTranslator();
  const path: BlockPath = { row, column, block: index };
  const name = t(BLOCK_LABELS[block.type]);
  const label = t('canvas.block', { type: name, row: row + 1, column: column + 1, position: index + 1 });
  // A text or heading is dragged by its handle: a press in it selects text. Other blocks are dragged anywhere.
  const richText = block.type === 'text' || block.type === 'heading';

  const remove = () => {
    const neighbour = neighbourOf(store.doc, path);
    if (neighbour) store.dispatch({ type: 'removeBlock', at: path }, { select: { kind: 'block', path: neighbour }, focus: 'frame' });
    else if (store.dispatch({ type: 'removeBlock', at: path }, { select: { kind: 'row', row } })) focusRowHandle(row);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) {
      // Inside its text, keys belong to the text, but Escape comes back to the block.
      if (event.key === 'Escape') {
        event.preventDefault();
        (event.currentTarget as HTMLElement).focus();
      }
      return;
    }
    const direction = ARROWS[event.key];
    if (event.altKey && event.shiftKey && (direction === 'up' || direction === 'down')) {
      // The keyboard's drop between rows: the block into a row of its own above or below its row.
      event.preventDefault();
      const drop = blockToRow(store.doc, path, direction === 'up' ? row : row + 1);
      if (drop) store.dispatch(drop.command, { select: drop.select, focus: 'frame' });
    } else if (direction && event.altKey) {
      event.preventDefault();
      const move = keyboardMove(store.doc, path, direction);
      if (move) store.dispatch(move.command, { select: { kind: 'block', path: move.to }, focus: 'frame' });
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove();
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'd') {
      event.preventDefault();
      const copy = duplicateBlock(store.doc, path);
      store.dispatch(copy.command, { select: { kind: 'block', path: copy.to }, focus: 'frame' });
    } else if (event.key === 'Enter' && richText) {
      // Into the block's text, from its frame.
      event.preventDefault();
      (event.currentTarget as HTMLElement).querySelector<HTMLElement>('[contenteditable]')?.focus();
    }
  };

  const onDrop = (event: DragEvent) => {
    const image = droppedImage(event);
    if (!image) return;
    event.preventDefault();
    event.stopPropagation();
    if (block.type === 'image') void store.uploadImage(path, image);
    else void store.addImage({ ...path, block: index + 1 }, image);
  };

  // A press in the block's text selects text; anywhere else on the block (its handle included) it may start a drag.
  const onPointerDown = (event: PointerEvent) => {
    if ((event.target as Element).closest('[contenteditable]')) return;
    pressToDrag(event, store, { kind: 'block', path }, name);
  };

  // Read-only, a block is selected and read; it cannot be dragged, dropped on or changed from the keyboard.
  const editing = store.readOnly
    ? {}
    : {
        'aria-keyshortcuts': 'Alt+ArrowUp Alt+ArrowDown Alt+ArrowLeft Alt+ArrowRight Alt+Shift+ArrowUp Alt+Shift+ArrowDown Control+D Delete',
        onPointerDown,
        onDragOver: allowDrop,
        onDrop,
        onKeyDown,
      };
  return (
    <div
      class={`block${selected ? ' selected' : ''}${block.hideOn ? ` hidden-on-${block.hideOn}` : ''}${richText || store.readOnly ? '' : ' grab'}`}
      tabIndex={0}
      role="group"
      aria-label={label}
      aria-roledescription={t('canvas.roleBlock')}
      data-block-path={blockPathAttribute(path)}
      data-block-key={keyOf(block)}
      onFocusIn={() => !selected && store.select({ kind: 'block', path })}
      onClick={() => !selected && store.select({ kind: 'block', path })}
      {...editing}
    >
      {selected && !store.readOnly && <span class="block-handle" aria-hidden="true" title={t('canvas.dragHandle')} />}
      <BlockContent block={block} path={path} store={store} />
    </div>
  );
});
