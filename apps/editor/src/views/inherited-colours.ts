import { type Block, type DesignDocument, type Row, STYLE_DEFAULTS as S } from '@embed/design-document/model';
import { RENDER_DEFAULTS as D } from '@embed/render-core/defaults';
import type { FieldSpec } from './property-fields';

/** What a colour field belongs to: a block (in its row and column), a row, a column, the body's style, or the design's settings. */
export type ColourOwner =
  | { kind: 'block'; block: Block; row: Row; column: number }
  | { kind: 'row'; row: Row }
  | { kind: 'column'; row: Row }
  | { kind: 'body' }
  | { kind: 'settings' };

/** The content's colour behind a row's columns: the row's, else the body's, else the renderer's white (a popup's dialog colour). */
function contentBehind(doc: DesignDocument, row: Row | undefined): string {
  return row?.style?.contentBackgroundColor ?? doc.body.style?.contentBackgroundColor ?? (doc.mode === 'popup' ? S.popupColor : D.contentBackgroundColor);
}

function blockColour(doc: DesignDocument, { block, row, column }: Extract<ColourOwner, { kind: 'block' }>, key: string): string | undefined {
  const body = doc.body.style;
  const text = body?.color ?? D.color;
  const link = body?.linkColor ?? D.linkColor;
  if (key === 'backgroundColor') return row.columns[column]?.style?.backgroundColor ?? contentBehind(doc, row);
  switch (block.type) {
    case 'button':
    case 'form':
      return key === 'buttonColor' ? D.button.buttonColor : key === 'color' ? D.button.color : undefined;
    case 'divider':
      return key === 'color' ? D.divider.color : undefined;
    case 'menu':
      return key === 'color' ? link : undefined;
    default:
      return key === 'color' ? text : key === 'linkColor' ? link : undefined;
  }
}

/**
 * The colour a colour field left as default shows in the design: what the renderer uses
 * there, from the body's style, the row or column around it, or its own defaults. Its
 * swatch and picker start from it; undefined where the design has no colour to inherit.
 */
export function inheritedColour(doc: DesignDocument, owner: ColourOwner, field: FieldSpec): string | undefined {
  if (field.kind !== 'color' || field.in?.includes('border')) return undefined;
  const body = doc.body.style;
  switch (owner.kind) {
    case 'block':
      return blockColour(doc, owner, field.key);
    case 'row':
      return field.key === 'contentBackgroundColor' ? contentBehind(doc, undefined) : field.key === 'backgroundColor' ? (body?.backgroundColor ?? S.pageColor) : undefined;
    case 'column':
      return field.key === 'backgroundColor' ? contentBehind(doc, owner.row) : undefined;
    case 'body':
      return { backgroundColor: S.pageColor, contentBackgroundColor: contentBehind(doc, undefined), color: D.color, linkColor: D.linkColor }[field.key];
    case 'settings':
      return field.in?.includes('closeButton') ? S.closeColor : undefined;
  }
}
