import type { Row } from '@embed/design-document/model';
import { duplicateRow, keyOf, moveColumn } from '@embed/editor-core';
import type { EditorStore } from '../state/editor-store';
import { useTranslator } from '../views/i18n';
import { memo } from '../views/memo';
import { BlockFrame } from './BlockFrame';
import { columnCss, rowCss, rowInnerCss } from './canvas-styles';
import { allowDrop, droppedImage } from './drag';
import { focusColumnHandle, focusRowHandle } from './handles';
import { pressToDrag } from './pointer-drag';

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
}

/**
 * A row on the canvas: its handle selects it, drags it, and moves it with Alt+Up/Down;
 * each column of a row of several has a handle that selects it, drags it within the row or
 * into another, moves it with Alt+Left/Right and into the row above or below with Alt+Up/Down; columns take image files dropped in. Read-only, none of that.
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
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      // Into the row above or below, at the same place (or its end).
      event.preventDefault();
      const target = index + (event.key === 'ArrowUp' ? -1 : 1);
      if (target < 0 || target >= rowCount) return;
      const to = { row: target, column: Math.min(column, store.doc.body.rows[target].columns.length) };
      if (store.dispatch({ type: 'moveColumnToRow', from: { row: index, column }, to }, { select: { kind: 'column', ...to } })) focusColumnHandle(to.row, to.column);
      return;
    }
    if (!event.altKey || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
    event.preventDefault();
    const to = column + (event.key === 'ArrowLeft' ? -1 : 1);
    if (to < 0 || to >= row.columns.length) return;
    if (store.dispatch(moveColumn(store.doc, index, column, to), { select: { kind: 'column', row: index, column: to } })) focusColumnHandle(index, to);
  };
  const onColumnDrop = (event: DragEvent, c: number) => {
    const image = droppedImage(event);
    if (!image) return;
    event.preventDefault();
    event.stopPropagation();
    void store.addImage({ row: index, column: c, block: row.columns[c].blocks.length }, image);
  };
  const classes = ['row', selected && 'selected', row.hideOn && `hidden-on-${row.hideOn}`, (row.locked || row.syncedRowId) && 'from-library'].filter(Boolean).join(' ');
  const columnHandles = editable && row.columns.length > 1;

  return (
    <section class={classes} aria-label={t('canvas.row', { row: index + 1 })} style={rowCss(row)} data-row={index}>
      {editable && (
        <div class="row-tools">
          <button
            type="button"
            class="row-handle"
            data-row-handle={index}
            onPointerDown={(event) => pressToDrag(event, store, { kind: 'row', index }, t('canvas.row', { row: index + 1 }))}
            onClick={() => store.select({ kind: 'row', row: index })}
            onKeyDown={onHandleKeyDown}
            aria-pressed={selected}
            aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Control+D"
          >
            {t('canvas.row', { row: index + 1 })}
          </button>
          {row.hideOn && <span class="row-note">{t(row.hideOn === 'mobile' ? 'canvas.hiddenOnMobile' : 'canvas.hiddenOnDesktop')}</span>}
          {row.locked && <span class="row-note row-library">{t('canvas.locked')}</span>}
          {row.syncedRowId && <span class="row-note row-library">{t('canvas.synced')}</span>}
        </div>
      )}
      <div class={`columns${row.stackOnMobile === false ? '' : ' stack'}${row.phone?.reverseColumns ? ' reverse' : ''}`} style={rowInnerCss(row)}>
        {row.columns.map((column, c) => (
          <div
            key={keyOf(column)}
            class={`column${props.columnSelected === c ? ' selected' : ''}`}
            style={columnCss(column)}
            data-column={`${index}.${c}`}
            {...(editable ? { onDragOver: allowDrop, onDrop: (event: DragEvent) => onColumnDrop(event, c) } : {})}
          >
            {columnHandles && (
              <button
                type="button"
                class="column-handle"
                data-column-handle={`${index}.${c}`}
                aria-label={t('canvas.columnHandle', { column: c + 1, row: index + 1 })}
                aria-pressed={props.columnSelected === c}
                aria-keyshortcuts="Alt+ArrowLeft Alt+ArrowRight Alt+ArrowUp Alt+ArrowDown"
                onClick={() => store.select({ kind: 'column', row: index, column: c })}
                onPointerDown={(event) => pressToDrag(event, store, { kind: 'column', row: index, column: c }, t('canvas.column', { column: c + 1 }))}
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
              />
            ))}
            {column.blocks.length === 0 && editable && <div class="empty-column">{t('canvas.emptyColumn')}</div>}
          </div>
        ))}
      </div>
    </section>
  );
});
