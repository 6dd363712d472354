import { SOURCE_UNREADABLE_REASONS, type SourceUnreadableCode, type SourceUnreadableReason } from '@embed/contracts';
import { fillTemplate } from '@embed/design-checks';

/**
 * The source cannot be read as the format it was sent as (not JSON of that shape, no
 * <mjml> root): answered 422 source_unreadable, naming the place in the source. `reason`
 * is its English words (contracts' SOURCE_UNREADABLE_REASONS); the editor says it in its
 * own language from `code` and `params`.
 */
export class SourceUnreadable extends Error {
  readonly reason: string;

  constructor(
    /** Where in the source: a JSON path or an element path. */
    readonly path: string,
    readonly code: SourceUnreadableCode,
    /** The values its words name (the `{max}` of `mjml_too_deep`). */
    readonly params: Record<string, string | number> = {},
  ) {
    const reason = fillTemplate(SOURCE_UNREADABLE_REASONS[code], params);
    super(`${path}: ${reason}`);
    this.name = 'SourceUnreadable';
    this.reason = reason;
  }

  /** What the editor's worker hands its page: plain data, no Error. */
  toReason(): SourceUnreadableReason {
    return { path: this.path, code: this.code, params: this.params };
  }
}
