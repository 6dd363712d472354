import type { Block } from '@embed/design-document/model';
import { type BlockPath, dropTarget, duplicateBlock, keyboardMove } from '@embed/editor-core';
import type { EditorStore } from '../state/editor-store';
import { BLOCK_LABELS } from '../views/block-labels';
import { useTranslator } from '../views/i18n';
import { memo } from '../views/memo';
import { BlockContent } from './BlockContent';
import { allowDrop, draggedBlock, droppedImage, startBlockDrag } from './drag';

const ARROWS: Record<string, 'up' | 'down' | 'left' | 'right'> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

export const blockPathAttribute = (path: BlockPath) => `${path.row}.${path.column}.${path.block}`;

/** Puts the keyboard focus on the block's frame at `path`, once the canvas shows it there. */
export function focusBlockFrame(path: BlockPath): void {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-block-path="${blockPathAttribute(path)}"]`)?.focus());
}

interface Props {
  block: Block;
  row: number;
  column: number;
  index: number;
  store: EditorStore;
  selected: boolean;
  /** Changes when this block should take the focus (one just added). */
  focusToken: number;
}

/**
 * A block on the canvas: selectable, draggable, and moved, copied or deleted from the
 * keyboard (Alt+arrows, Ctrl/Cmd+D, Delete) while its frame has the focus.
 */
export const BlockFrame = memo(function BlockFrame({ block, row, column, index, store, selected, focusToken }: Props) {
  const { t } = useTranslator();
  const path: BlockPath = { row, column, block: index };
  const label = t('canvas.block', { type: t(BLOCK_LABELS[block.type]), row: row + 1, column: column + 1, position: index + 1 });

  const onKeyDown = (event: KeyboardEvent) => {
    // Only on the block's frame itself: inside its text, keys belong to the text.
    if (event.target !== event.currentTarget) return;
    const direction = ARROWS[event.key];
    if (direction && event.altKey) {
      event.preventDefault();
      const move = keyboardMove(store.doc, path, direction);
      if (move && store.dispatch(move.command, { select: { kind: 'block', path: move.to } })) focusBlockFrame(move.to);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      store.dispatch({ type: 'removeBlock', at: path }, { select: null });
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'd') {
      event.preventDefault();
      const copy = duplicateBlock(store.doc, path);
      if (store.dispatch(copy.command, { select: { kind: 'block', path: copy.to } })) focusBlockFrame(copy.to);
    } else if (event.key === 'Enter' && (block.type === 'text' || block.type === 'heading')) {
      // Into the block's text, from its frame.
      event.preventDefault();
      (event.currentTarget as HTMLElement).querySelector<HTMLElement>('[contenteditable]')?.focus();
    }
  };

  const onDrop = (event: DragEvent) => {
    const image = droppedImage(event);
    const from = draggedBlock(event);
    if (!image && !from) return;
    event.preventDefault();
    event.stopPropagation();
    if (image) {
      if (block.type === 'image') void store.uploadImage(path, image);
      else void store.addImage({ ...path, block: index + 1 }, image);
    } else if (from) {
      const to = dropTarget(from, path);
      store.dispatch({ type: 'moveBlock', from, to }, { select: { kind: 'block', path: to } });
    }
  };

  // Read-only, a block is selected and read; it cannot be dragged, dropped on or changed from the keyboard.
  const editing = store.readOnly
    ? {}
    : {
    'aria-keyshortcuts': 'Alt+ArrowUp Alt+ArrowDown Alt+ArrowLeft Alt+ArrowRight Control+D Delete',
    draggable: true,
    onDragStart: (event: DragEvent) => startBlockDrag(event, path),
    onDragOver: allowDrop,
    onDrop,
    onKeyDown,
      };
  return (
    <div
      class={`block${selected ? ' selected' : ''}${block.hideOn ? ` hidden-on-${block.hideOn}` : ''}`}
      tabIndex={0}
      role="group"
      aria-label={label}
      aria-roledescription={t('canvas.roleBlock')}
      data-block-path={blockPathAttribute(path)}
      onFocusIn={() => !selected && store.select({ kind: 'block', path })}
      onClick={() => !selected && store.select({ kind: 'block', path })}
      {...editing}
    >
      <BlockContent block={block} path={path} store={store} focusToken={focusToken} />
    </div>
  );
});
