// Image files dragged in from outside the page use the browser's drag and drop (the only
// way files arrive); the editor's own drags are pointer drags (pointer-drag.ts).

/** The image file dropped from outside the page, if any. */
export function droppedImage(event: DragEvent): File | null {
  return [...(event.dataTransfer?.files ?? [])].find((file) => file.type.startsWith('image/')) ?? null;
}

/** Lets a drop happen here when files are being dragged in. */
export function allowDrop(event: DragEvent): void {
  if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
}
