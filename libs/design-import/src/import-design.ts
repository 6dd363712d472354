import type { ImportFormat, ImportWarning } from '@embed/contracts';
import { type DesignDocument, type DesignMode, validateDesign } from '@embed/design-document';
import type { ImportContext } from './blocks';
import { DesignBuilder, type DesignInfo } from './document';
import { mergeTagReplacer } from './merge-tags';
import { importBeefree } from './beefree';
import { importHtml } from './html';
import { importMjml } from './mjml';
import { exportedDesign } from './mjml-export';
import { importUnlayer } from './unlayer';
import { ImportWarnings } from './warnings';

export interface ImportRequest {
  format: ImportFormat;
  /** The design JSON object (Unlayer, Beefree), or the MJML or HTML text. */
  source: unknown;
  /** The mode of the design made: the project's. */
  mode: DesignMode;
  /** The source's merge tags to ours: `{"*|FNAME|*": "{{contact.first_name}}", "[unsubscribe]": "{{unsubscribe_url}}"}`. */
  mergeTags?: Record<string, string>;
}

export interface ImportResult {
  /** Valid by our schema, in the mode asked for. */
  design: DesignDocument;
  /** What was lost or changed, each at its place in the source. */
  warnings: ImportWarning[];
}

type Reader = (source: unknown, builder: DesignBuilder, context: ImportContext) => DesignInfo;
const READERS: Record<ImportFormat, Reader> = { unlayer: importUnlayer, beefree: importBeefree, mjml: importMjml, html: importHtml };

/**
 * Another editor's design made into one of ours: pure, linear in the source, and never
 * throwing for what the source holds but SourceUnreadable (it is not that format at all).
 */
export function importDesign({ format, source, mode, mergeTags }: ImportRequest): ImportResult {
  const read = READERS[format];
  const warnings = new ImportWarnings();
  const context = { warnings, tags: mergeTagReplacer(mergeTags, warnings) };
  // Our own MJML export, unchanged, carries its design: it comes back field for field.
  const own = format === 'mjml' && typeof source === 'string' ? exportedDesign(source, mode, context) : undefined;
  const builder = new DesignBuilder(mode, warnings);
  const design = storable(own ?? builder.build(read(source, builder, context)));
  const checked = validateDesign(design);
  // A fault of this lib, never of the source: the property tests hold every reader to the schema.
  if (!checked.valid) throw new Error(`the ${format} import made a document our schema refuses: ${checked.errors.join('; ')}`);
  return { design: checked.document, warnings: warnings.all() };
}

// A NUL, or half of a surrogate pair (a JSON escape can make one), is text PostgreSQL cannot store.
const NUL = String.fromCharCode(0);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Every string of the document with what cannot be stored replaced (U+FFFD), so the design saves. */
function storable<T>(value: T): T {
  if (typeof value === 'string') return value.split(NUL).join('\uFFFD').replace(LONE_SURROGATE, '\uFFFD') as T;
  if (Array.isArray(value)) return value.map(storable) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, storable(field)])) as T;
  return value;
}
