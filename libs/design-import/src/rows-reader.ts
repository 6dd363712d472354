import type { ImportContext } from './blocks';
import type { DesignBuilder } from './document';

/**
 * What the readers of another editor's JSON share (Unlayer's `body.rows`, Beefree's
 * `page.rows`): the import's context and builder, and rows read while the design has room
 * for them (the rest skipped, which the builder warns of once).
 */
export abstract class RowsReader {
  constructor(
    protected readonly context: ImportContext,
    protected readonly builder: DesignBuilder,
  ) {}

  protected get warnings() {
    return this.context.warnings;
  }

  /** A source string with its merge tags in our syntax; anything else as empty text. */
  protected tagged = (value: unknown) => this.context.tags(typeof value === 'string' ? value : '');

  rows(rows: unknown[], path: string): void {
    rows.forEach((row, r) => (this.builder.hasRoom ? this.row(row, `${path}[${r}]`) : this.builder.skipRow()));
  }

  protected abstract row(row: unknown, path: string): void;
}
