import { type Block, type DesignDocument, type Row, STYLE_DEFAULTS } from '@embed/design-document/model';
import type { Target } from './findings';

/** A block with where it sits and the background colours behind it, as the renderer layers them. */
export interface PlacedBlock {
  block: Block;
  target: Target;
  /** Colours as written, from the page up to the block's column or band; undefined layers paint nothing. Shared by the blocks of a column or band. */
  backdrop: readonly (string | undefined)[];
}

const blockTarget = (row: number, column: number, block: Block, index: number): Target => ({
  kind: 'block', path: { row, column, block: index }, ...(block.id ? { id: block.id } : {}),
});

/** What lies under every row: the page, and what the mode puts between it and the rows. */
function baseLayers(document: DesignDocument): (string | undefined)[] {
  const body = document.body.style ?? {};
  switch (document.mode) {
    case 'email':
      return [body.backgroundColor];
    case 'popup':
      // The dialog takes the content background (white by default); the body's colour is set on the content inside it.
      return [body.contentBackgroundColor ?? STYLE_DEFAULTS.popupColor, body.backgroundColor];
    case 'page':
    case 'document':
      return [body.backgroundColor];
  }
}

/** The layers a row paints behind its columns. */
function rowLayers(document: DesignDocument, row: Row): (string | undefined)[] {
  const style = row.style ?? {};
  const content = style.contentBackgroundColor ?? document.body.style?.contentBackgroundColor;
  // An email row is one table section with one colour (its background image's fallback);
  // a web row paints its background full width and its content background over it.
  return document.mode === 'email' ? [style.backgroundColor ?? content] : [style.backgroundColor, content];
}

/** Every block in reading order (a document's header, the body, its footer), with its target and backdrop. */
export function placedBlocks(document: DesignDocument): PlacedBlock[] {
  const base = baseLayers(document);
  const placed: PlacedBlock[] = [];
  const band = (name: 'header' | 'footer') => {
    if (document.mode !== 'document') return;
    const found = document.settings[name];
    if (!found) return;
    const backdrop = [...base, found.style?.backgroundColor];
    found.blocks.forEach((block, index) => placed.push({ block, target: { kind: 'band', band: name, block: index, ...(block.id ? { id: block.id } : {}) }, backdrop }));
  };
  band('header');
  // Blocks are placed three times a check (the light design, then each dark mode): each
  // column's backdrop is made once, not once per block.
  document.body.rows.forEach((row, r) => {
    const layers = [...base, ...rowLayers(document, row)];
    row.columns.forEach((column, c) => {
      const backdrop = [...layers, column.style?.backgroundColor];
      column.blocks.forEach((block, b) => placed.push({ block, target: blockTarget(r, c, block, b), backdrop }));
    });
  });
  band('footer');
  return placed;
}

export const rowTarget = (document: DesignDocument, row: number): Target => {
  const id = document.body.rows[row]?.id;
  return { kind: 'row', row, ...(id ? { id } : {}) };
};
