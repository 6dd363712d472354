// Rows, columns and blocks gathered from a source, put into one design document within
// the schema's counts (docs/design-document.md, Limits): what does not fit is split
// (five columns make two rows) or left out, each with a warning.
import { type Block, type Body, type Column, type DesignDocument, type DesignMode, DESIGN_LIMITS, type Padding, type Row, type WebFont } from '@embed/design-document';
import { addedPadding, cut, paddingSides } from './values';
import type { ImportWarnings } from './warnings';

const MAX_ROWS = 200;
const MAX_COLUMNS = 4;
export const MAX_BLOCKS_PER_COLUMN = 50;
const MAX_FONTS = 5;

export interface ImportedColumn extends Omit<Column, 'ratio'> {
  /** The column's share of its row in any unit (px, percent); made into ratios 1 to 12 per row. */
  width?: number;
}

export interface ImportedRow extends Omit<Row, 'columns'> {
  /** Where the row is in the source, for warnings. */
  path: string;
  columns: ImportedColumn[];
}

/** What a source says about the design as a whole. */
export interface DesignInfo {
  /** An email's subject, a page's or a document's title, a popup's label. */
  title?: string;
  preheader?: string;
  style?: Body['style'];
  fonts?: WebFont[];
  /** The source's content is this wide on every screen (a frame of a fixed width), said at this place in it. */
  fixedWidth?: { width: number; path: string };
}

export class DesignBuilder {
  private readonly rows: Row[] = [];
  private blocks = 0;
  private rowsLost = 0;
  private blocksLost = 0;

  constructor(
    private readonly mode: DesignMode,
    private readonly warnings: ImportWarnings,
  ) {}

  /** Whether another row can be kept: a reader stops converting once none can. */
  get hasRoom(): boolean {
    return this.rows.length < MAX_ROWS && this.blocks < DESIGN_LIMITS.maxBlocks;
  }

  /** A row of the source not converted, as there is no room left for it. */
  skipRow(): void {
    this.rowsLost++;
  }

  addRow({ path, columns, ...row }: ImportedRow): void {
    const kept = columns.map((column) => this.withinBlockCounts(column, path));
    if (!kept.length) return;
    if (kept.length > MAX_COLUMNS)
      this.warnings.add(path, 'columns_split', { count: kept.length, max: MAX_COLUMNS });
    for (let at = 0; at < kept.length; at += MAX_COLUMNS) {
      if (this.rows.length === MAX_ROWS) {
        this.rowsLost++;
        continue;
      }
      this.rows.push({ ...splitPart(row, at === 0, at + MAX_COLUMNS >= kept.length), columns: withRatios(kept.slice(at, at + MAX_COLUMNS)) });
    }
  }

  /** How many rows are kept so far: where the rows of a box start. */
  get rowCount(): number {
    return this.rows.length;
  }

  /**
   * A box's padding around the rows made of its content since row `from`: its top over
   * the first, its bottom under the last, its sides beside each.
   */
  padRows(from: number, padding: Padding | undefined): void {
    if (!padding || from >= this.rows.length) return;
    const [top, right, bottom, left] = paddingSides(padding);
    const last = this.rows.length - 1;
    for (let at = from; at <= last; at++) {
      const row = this.rows[at];
      const added = `${at === from ? top : 0}px ${right}px ${at === last ? bottom : 0}px ${left}px`;
      this.rows[at] = { ...row, style: { ...row.style, padding: addedPadding(row.style?.padding, added) } };
    }
  }

  build(info: DesignInfo): DesignDocument {
    if (this.rowsLost) this.warnings.add('$', 'rows_past_limits', { count: this.rowsLost, rows: MAX_ROWS, blocks: DESIGN_LIMITS.maxBlocks });
    if (this.blocksLost) this.warnings.add('$', 'blocks_past_limits', { count: this.blocksLost, perColumn: MAX_BLOCKS_PER_COLUMN, blocks: DESIGN_LIMITS.maxBlocks });
    const fonts = (info.fonts ?? []).slice(0, MAX_FONTS);
    if ((info.fonts?.length ?? 0) > MAX_FONTS) this.warnings.add('$', 'fonts_past_limit', { max: MAX_FONTS });
    const style = this.bodyStyle(info);
    const body: Body = { rows: this.rows, ...(fonts.length && { fonts }), ...(style && { style }) };
    const title = cut((info.title ?? '').trim(), 200);
    const base = { schemaVersion: 1 as const, body };
    switch (this.mode) {
      case 'email':
        return { ...base, mode: 'email', settings: { subject: cut(title, 255), ...(info.preheader && { preheader: cut(info.preheader, 255) }) } };
      case 'page':
        return { ...base, mode: 'page', settings: { title: title || 'Imported design' } };
      case 'popup':
        return { ...base, mode: 'popup', settings: { label: title || 'Imported popup', position: 'center', width: 480, trigger: { type: 'load' }, frequency: { type: 'always' } } };
      case 'document':
        return { ...base, mode: 'document', settings: { ...(title && { title }), pageSize: 'A4', orientation: 'portrait', margins: { top: 15, right: 15, bottom: 15, left: 15 } } };
    }
  }

  /** An email keeps a fixed width as the source does; the other modes' renderers narrow to the screen, and say so. */
  private bodyStyle({ style, fixedWidth }: DesignInfo): Body['style'] {
    if (!fixedWidth) return style;
    if (this.mode === 'email') return { ...style, fixedWidth: true };
    this.warnings.add(fixedWidth.path, 'fixed_width', { width: fixedWidth.width });
    return style;
  }

  private withinBlockCounts(column: ImportedColumn, path: string): ImportedColumn {
    const room = Math.min(MAX_BLOCKS_PER_COLUMN, DESIGN_LIMITS.maxBlocks - this.blocks);
    const blocks: Block[] = column.blocks.slice(0, Math.max(0, room));
    this.blocksLost += column.blocks.length - blocks.length;
    this.blocks += blocks.length;
    if (column.blocks.length > MAX_BLOCKS_PER_COLUMN) this.warnings.add(path, 'column_blocks_cut', { count: column.blocks.length, max: MAX_BLOCKS_PER_COLUMN });
    return { ...column, blocks };
  }
}

/** One of the rows a row too wide is split into: the row's padding above the first of them and under the last, as around the whole. */
function splitPart(row: Omit<Row, 'columns'>, first: boolean, last: boolean): Omit<Row, 'columns'> {
  const padding = row.style?.padding;
  if (!padding || (first && last)) return row;
  const [top, right, bottom, left] = paddingSides(padding);
  return { ...row, style: { ...row.style, padding: `${first ? top : 0}px ${right}px ${last ? bottom : 0}px ${left}px` } };
}

/** Widths made into ratios 1 to 12 of the row; equal columns need none. */
function withRatios(columns: ImportedColumn[]): Column[] {
  const widths = columns.map((column) => (column.width !== undefined && column.width > 0 && Number.isFinite(column.width) ? column.width : undefined));
  const known = widths.filter((width): width is number => width !== undefined);
  const total = known.reduce((sum, width) => sum + width, 0);
  const even = known.length !== columns.length || known.every((width) => width === known[0]);
  return columns.map(({ width: _width, ...column }, index) => {
    const ratio = even ? undefined : Math.max(1, Math.min(12, Math.round(((widths[index] as number) / total) * 12)));
    return { ...column, ...(ratio !== undefined && { ratio }) };
  });
}
