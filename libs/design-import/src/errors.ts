/**
 * The source cannot be read as the format it was sent as (not JSON of that shape, no
 * <mjml> root): answered 422 source_unreadable, naming the place in the source.
 */
export class SourceUnreadable extends Error {
  constructor(
    /** Where in the source: a JSON path or an element path. */
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = 'SourceUnreadable';
  }
}
