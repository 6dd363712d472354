import type { ImportContext } from './blocks';
import type { DesignBuilder } from './document';
import { SourceUnreadable } from './errors';
import { isObject, type JsonObject, own } from './json-source';

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

/** What holds the rows in each editor's JSON: Unlayer's `body`, Beefree's `page`. */
const HOLDERS = { unlayer: 'body', beefree: 'page' } as const;

/**
 * The rows of another editor's JSON design (the object, or its JSON text) at
 * `$.<holder>.rows`, and the object that holds them; refused, naming the place, only when
 * they are not there.
 */
export function jsonRows(source: unknown, format: 'unlayer' | 'beefree'): { holder: JsonObject; rows: unknown[] } {
  const holder = HOLDERS[format];
  let value = source;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch (error) {
      throw new SourceUnreadable('$', 'json_invalid', { detail: (error as Error).message });
    }
  }
  if (!isObject(value)) throw new SourceUnreadable('$', `${format}_not_object`);
  const held = own(value, holder);
  if (!isObject(held)) throw new SourceUnreadable(`$.${holder}`, format === 'unlayer' ? 'unlayer_no_body' : 'beefree_no_page');
  const rows = own(held, 'rows');
  if (!Array.isArray(rows)) throw new SourceUnreadable(`$.${holder}.rows`, `${format}_no_rows`);
  return { holder: held, rows };
}
