import type { EditorStore } from '../state/editor-store';
import { type Dragged, dropCommand, type DropPlace, dropsOn } from '../state/drops';
import { edgeScroll, lineAt, placeAmong, type Span } from './drop-place';

// Dragging with the pointer (mouse, pen or touch) rather than the browser's drag and drop:
// the page sees every move, so it shows the drop line, scrolls the canvas near its edges
// and keeps the grabbing cursor, none of which HTML drag and drop lets a page do. A press
// that does not move past THRESHOLD stays a click (the toolbar's buttons add at the selection).

/** How far the pointer moves, in pixels, before a press becomes a drag. */
const THRESHOLD = 5;
/** How near a row's top or bottom edge, in pixels, a block drops between rows (as a row of its own) rather than into a column. */
const ROW_EDGE = 8;

const vertical = (rect: DOMRect): Span => ({ start: rect.top, end: rect.bottom });
const horizontal = (rect: DOMRect): Span => ({ start: rect.left, end: rect.right });
const rectsOf = (elements: Iterable<Element>) => [...elements].map((element) => element.getBoundingClientRect());
const rowElements = () => document.querySelectorAll<HTMLElement>('.canvas [data-row]');

interface Found {
  place: DropPlace;
  /** The drop line, in the viewport: a horizontal one (axis x) or a vertical one (axis y) at `at`, from `from` to `to`; or, for an empty column, the column's box. */
  line: { axis: 'x' | 'y'; at: number; from: number; to: number } | { axis: 'box'; box: DOMRect };
}

/** The place in a column the pointer is over (or the row's column nearest it). */
function blockPlace(rowElement: Element, x: number, y: number, over: Element | null): Found {
  const columns = [...rowElement.querySelectorAll(':scope > .columns > [data-column]')];
  const column =
    over?.closest('[data-column]') ??
    columns.reduce((best, candidate) => {
      const distance = (rect: DOMRect) => Math.max(rect.left - x, x - rect.right, 0);
      return distance(candidate.getBoundingClientRect()) < distance(best.getBoundingClientRect()) ? candidate : best;
    });
  const [row, col] = (column.getAttribute('data-column') ?? '0.0').split('.').map(Number);
  const box = column.getBoundingClientRect();
  const blocks = rectsOf(column.querySelectorAll(':scope > .block')).map(vertical);
  const block = placeAmong(blocks, y);
  const place: DropPlace = { kind: 'block', path: { row, column: col, block } };
  if (blocks.length === 0) return { place, line: { axis: 'box', box } };
  return { place, line: { axis: 'x', at: lineAt(blocks, block, vertical(box)), from: box.left, to: box.right } };
}

/** The place between rows the pointer is at. */
function rowPlace(y: number): Found | null {
  const rows = rowElements();
  const content = document.querySelector('.canvas .content')?.getBoundingClientRect();
  if (!content) return null;
  const spans = rectsOf(rows).map(vertical);
  const index = placeAmong(spans, y);
  return { place: { kind: 'row', index }, line: { axis: 'x', at: lineAt(spans, index, vertical(content)), from: content.left, to: content.right } };
}

/** The pointer is at the top or bottom edge of the row, where it means "between rows". */
function nearRowEdge(rowElement: Element, y: number): boolean {
  const { top, bottom } = rowElement.getBoundingClientRect();
  return y - top < ROW_EDGE || bottom - y < ROW_EDGE;
}

/** The place among a row's columns a dragged column would go. */
function columnPlace(row: number, x: number): Found | null {
  const rowElement = document.querySelector(`.canvas [data-row="${row}"]`);
  if (!rowElement) return null;
  const box = rowElement.getBoundingClientRect();
  const spans = rectsOf(rowElement.querySelectorAll(':scope > .columns > [data-column]')).map(horizontal);
  const index = placeAmong(spans, x);
  return { place: { kind: 'column', row, index }, line: { axis: 'y', at: lineAt(spans, index, horizontal(box)), from: box.top, to: box.bottom } };
}

/** Where `dragged` would drop with the pointer at (x, y); null outside the canvas. */
function placeAt(dragged: Dragged, x: number, y: number): Found | null {
  const canvas = document.querySelector('.canvas');
  const over = document.elementFromPoint(x, y);
  if (!canvas || !over || !canvas.contains(over)) return null;
  const kinds = dropsOn(dragged);
  const rowElement = over.closest('[data-row]');
  if (dragged.kind === 'column') return columnPlace(rowElement ? Number(rowElement.getAttribute('data-row')) : dragged.row, x);
  if (kinds.includes('block') && rowElement && !(kinds.includes('row') && nearRowEdge(rowElement, y))) return blockPlace(rowElement, x, y, over);
  return kinds.includes('row') ? rowPlace(y) : null;
}

/** The drop line, drawn in the canvas's content (so that it scrolls with it) until the drag ends. */
function showLine(found: Found | null): void {
  const line = document.querySelector<HTMLElement>('.canvas .drop-line');
  const content = document.querySelector('.canvas .content')?.getBoundingClientRect();
  if (!line || !content) return;
  line.hidden = !found;
  if (!found) return;
  const shown = found.line;
  // Between rows, the line is dashed: a block dropped there makes a row of its own, not a place in the column beside it.
  line.className = `drop-line drop-line-${shown.axis}${found.place.kind === 'row' ? ' drop-line-row' : ''}`;
  const px = (value: number) => `${value}px`;
  if (shown.axis === 'box') {
    const { box } = shown;
    Object.assign(line.style, { left: px(box.left - content.left), top: px(box.top - content.top), width: px(box.width), height: px(box.height) });
  } else if (shown.axis === 'x') {
    Object.assign(line.style, { left: px(shown.from - content.left), top: px(shown.at - content.top), width: px(shown.to - shown.from), height: '' });
  } else {
    Object.assign(line.style, { left: px(shown.at - content.left), top: px(shown.from - content.top), height: px(shown.to - shown.from), width: '' });
  }
}

/**
 * Follows a press on a drag source (a toolbar button, a block, a row's or a column's
 * handle): past THRESHOLD it becomes a drag of `dragged`, showing `label` by the pointer
 * and the drop line on the canvas, and the release applies the drop as one command.
 * Escape, or releasing outside the canvas, drops nothing.
 */
export function pressToDrag(event: PointerEvent, store: EditorStore, dragged: Dragged, label: string): void {
  if (event.button !== 0 || store.readOnly) return;
  const start = { x: event.clientX, y: event.clientY };
  let pointer = start;
  /** Which way the pointer last moved up or down: -1 up, 1 down, 0 not yet. */
  let heading = 0;
  let dragging = false;
  let cancelled = false;
  let found: Found | null = null;
  let ghost: HTMLElement | null = null;
  let frame = 0;

  const update = () => {
    found = placeAt(dragged, pointer.x, pointer.y);
    showLine(found);
    if (ghost) ghost.style.transform = `translate(${pointer.x + 12}px, ${pointer.y + 12}px)`;
  };
  // Near the canvas's top or bottom edge, it scrolls a little every frame, and the place under the pointer changes with it.
  const scroll = () => {
    const canvas = document.querySelector<HTMLElement>('.canvas');
    const step = canvas ? edgeScroll(pointer.y, vertical(canvas.getBoundingClientRect()), heading) : 0;
    if (canvas && step) {
      canvas.scrollTop += step;
      update();
    }
    frame = requestAnimationFrame(scroll);
  };
  const begin = () => {
    dragging = true;
    document.documentElement.classList.add('dragging');
    ghost = document.body.appendChild(document.createElement('div'));
    ghost.className = 'drag-ghost';
    ghost.setAttribute('aria-hidden', 'true');
    ghost.textContent = label;
    frame = requestAnimationFrame(scroll);
  };
  const stopShowing = () => {
    cancelAnimationFrame(frame);
    document.documentElement.classList.remove('dragging');
    ghost?.remove();
    showLine(null);
    found = null;
  };
  const end = () => {
    window.removeEventListener('pointermove', onMove, true);
    window.removeEventListener('pointerup', onUp, true);
    window.removeEventListener('pointercancel', end, true);
    window.removeEventListener('keydown', onKey, true);
    stopShowing();
  };
  const onMove = (move: PointerEvent) => {
    if (cancelled) return;
    // Released outside the editor's frame, where its pointerup never came: the drag ends there, dropping nothing.
    if (move.buttons === 0) return void end();
    if (move.clientY !== pointer.y) heading = Math.sign(move.clientY - pointer.y);
    pointer = { x: move.clientX, y: move.clientY };
    if (!dragging && Math.hypot(pointer.x - start.x, pointer.y - start.y) < THRESHOLD) return;
    move.preventDefault();
    if (!dragging) begin();
    update();
  };
  const onUp = () => {
    const place = found?.place;
    end();
    if (!dragging) return;
    // The release ends a drag (or a cancelled one), not a click on whatever it was over: the click it makes next is swallowed.
    const swallow = (click: MouseEvent) => {
      click.stopPropagation();
      click.preventDefault();
    };
    window.addEventListener('click', swallow, true);
    setTimeout(() => window.removeEventListener('click', swallow, true), 0);
    const drop = !cancelled && place && dropCommand(store.doc, dragged, place);
    if (drop) store.dispatch(drop.command, { select: drop.select, focus: dragged.kind === 'newBlock' && (dragged.type === 'text' || dragged.type === 'heading') ? 'text' : undefined });
  };
  const onKey = (key: KeyboardEvent) => {
    if (key.key !== 'Escape' || !dragging || cancelled) return;
    key.preventDefault();
    key.stopPropagation();
    cancelled = true;
    stopShowing();
  };
  window.addEventListener('pointermove', onMove, true);
  window.addEventListener('pointerup', onUp, true);
  window.addEventListener('pointercancel', end, true);
  window.addEventListener('keydown', onKey, true);
}
