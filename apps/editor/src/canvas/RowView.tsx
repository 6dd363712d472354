import type { Row } from '@embed/design-document/model';
import { dropTarget, duplicateRow, keyOf, moveColumn } from '@embed/editor-core';
import type { EditorStore } from '../state/editor-store';
import { useTranslator } from '../views/i18n';
import { memo } from '../views/memo';
import { BlockFrame } from './BlockFrame';
import { columnCss, rowCss, rowInnerCss } from './canvas-styles';
import { allowDrop, draggedBlock, draggedRow, droppedImage, startRowDrag } from './drag';

/** Puts the focus on the handle of row `index`, once the canvas shows it there. */
export function focusRowHandle(index: number): void {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-row-handle="${index}"]`)?.focus());
}

function focusColumnHandle(row: number, column: number): void {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-column-handle="${row}.${column}"]`)?.focus());
}

interface Props {
  row: Row;
  index: number;
  rowCount: number;
  store: EditorStore;
  /** The row itself is selected. */
  selected: boolean;
  /** The column selected on its own in this row, or -1. */
  columnSelected: number;
  /** The selected block's column and place in this row, or -1. */
  selectedColumn: number;
  selectedBlock: number;
  /** Where a block of this row should take the focus, and the request's token (0 for none). */
  focusColumn: number;
  focusBlock: number;
  focusToken: number;
}

/**
 * A row on the canvas: its handle selects it, drags it, and moves it with Alt+Up/Down;
 * each column of a row of several has a handle that selects it and moves it with
 * Alt+Left/Right; columns take dropped blocks and image files. Read-only, none of that.
 */
export const RowView = memo(function RowView(props: Props) {
  const { row, index, rowCount, store, selected } = props;
  const { t } = useTranslator();
  const editable = !store.readOnly;
  const move = (to: number) => {
    if (to < 0 || to >= rowCount) return;
    if (store.dispatch({ type: 'moveRow', from: index, to }, { select: { kind: 'row', row: to } })) focusRowHandle(to);
  };
  const onHandleKeyDown = (event: KeyboardEvent) => {
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      move(index + (event.key === 'ArrowUp' ? -1 : 1));
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'd') {
      event.preventDefault();
      if (store.dispatch(duplicateRow(store.doc, index), { select: { kind: 'row', row: index + 1 } })) focusRowHandle(index + 1);
    }
  };
  const onColumnHandleKeyDown = (event: KeyboardEvent, column: number) => {
    if (!event.altKey || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
    event.preventDefault();
    const to = column + (event.key === 'ArrowLeft' ? -1 : 1);
    if (to < 0 || to >= row.columns.length) return;
    if (store.dispatch(moveColumn(store.doc, index, column, to), { select: { kind: 'column', row: index, column: to } })) focusColumnHandle(index, to);
  };
  const onRowDrop = (event: DragEvent) => {
    const from = draggedRow(event);
    if (from === null) return;
    event.preventDefault();
    if (from !== index) store.dispatch({ type: 'moveRow', from, to: index }, { select: { kind: 'row', row: index } });
  };
  const onColumnDrop = (event: DragEvent, c: number) => {
    const image = droppedImage(event);
    const from = draggedBlock(event);
    if (!image && !from) return;
    event.preventDefault();
    event.stopPropagation();
    const end = { row: index, column: c, block: row.columns[c].blocks.length };
    if (image) void store.addImage(end, image);
    else if (from) store.dispatch({ type: 'moveBlock', from, to: dropTarget(from, end) }, { select: { kind: 'block', path: dropTarget(from, end) } });
  };
  const classes = ['row', selected && 'selected', row.hideOn && `hidden-on-${row.hideOn}`].filter(Boolean).join(' ');
  const columnHandles = editable && row.columns.length > 1;

  return (
    <section class={classes} aria-label={t('canvas.row', { row: index + 1 })} style={rowCss(row)} {...(editable ? { onDragOver: allowDrop, onDrop: onRowDrop } : {})}>
      {editable && (
        <div class="row-tools">
          <button
            type="button"
            class="row-handle"
            data-row-handle={index}
            draggable
            onDragStart={(event) => startRowDrag(event, index)}
            onClick={() => store.select({ kind: 'row', row: index })}
            onKeyDown={onHandleKeyDown}
            aria-pressed={selected}
            aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Control+D"
          >
            {t('canvas.row', { row: index + 1 })}
          </button>
          {row.hideOn && <span class="row-note">{t(row.hideOn === 'mobile' ? 'canvas.hiddenOnMobile' : 'canvas.hiddenOnDesktop')}</span>}
        </div>
      )}
      <div class={`columns${row.stackOnMobile === false ? '' : ' stack'}${row.phone?.reverseColumns ? ' reverse' : ''}`} style={rowInnerCss(row)}>
        {row.columns.map((column, c) => (
          <div key={keyOf(column)} class={`column${props.columnSelected === c ? ' selected' : ''}`} style={columnCss(column)} {...(editable ? { onDragOver: allowDrop, onDrop: (event: DragEvent) => onColumnDrop(event, c) } : {})}>
            {columnHandles && (
              <button
                type="button"
                class="column-handle"
                data-column-handle={`${index}.${c}`}
                aria-label={t('canvas.columnHandle', { column: c + 1, row: index + 1 })}
                aria-pressed={props.columnSelected === c}
                aria-keyshortcuts="Alt+ArrowLeft Alt+ArrowRight"
                onClick={() => store.select({ kind: 'column', row: index, column: c })}
                onKeyDown={(event) => onColumnHandleKeyDown(event, c)}
              >
                {t('canvas.column', { column: c + 1 })}
              </button>
            )}
            {column.blocks.map((block, b) => (
              <BlockFrame
                key={keyOf(block)}
                block={block}
                row={index}
                column={c}
                index={b}
                store={store}
                selected={props.selectedColumn === c && props.selectedBlock === b}
                focusToken={props.focusColumn === c && props.focusBlock === b ? props.focusToken : 0}
              />
            ))}
            {column.blocks.length === 0 && editable && <div class="empty-column">{t('canvas.emptyColumn')}</div>}
          </div>
        ))}
      </div>
    </section>
  );
});
