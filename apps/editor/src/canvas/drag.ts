import type { BlockPath } from '@embed/editor-core';

// What a drag carries inside the canvas: a block's path or a row's index, each under its own type.
const BLOCK = 'application/x-embed-block';
const ROW = 'application/x-embed-row';

export function startBlockDrag(event: DragEvent, path: BlockPath): void {
  event.stopPropagation();
  event.dataTransfer?.setData(BLOCK, JSON.stringify(path));
  if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
}

export function startRowDrag(event: DragEvent, row: number): void {
  event.dataTransfer?.setData(ROW, String(row));
  if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
}

export function draggedBlock(event: DragEvent): BlockPath | null {
  const data = event.dataTransfer?.getData(BLOCK);
  return data ? (JSON.parse(data) as BlockPath) : null;
}

export function draggedRow(event: DragEvent): number | null {
  const data = event.dataTransfer?.getData(ROW);
  return data ? Number(data) : null;
}

/** The image file dropped from outside the page, if any. */
export function droppedImage(event: DragEvent): File | null {
  return [...(event.dataTransfer?.files ?? [])].find((file) => file.type.startsWith('image/')) ?? null;
}

/** Lets a drop happen here: a block, a row or a file is being dragged. */
export function allowDrop(event: DragEvent): void {
  const types = event.dataTransfer?.types ?? [];
  if (types.includes(BLOCK) || types.includes(ROW) || types.includes('Files')) event.preventDefault();
}
