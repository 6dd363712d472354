// An email exported as MJML for people leaving or mixing tools is the MJML our renderer lays
// the email out from (so the mjml package draws what our editor shows), carrying the design
// itself in a comment written here. Imported back unchanged, that comment gives the same design, field
// for field, which MJML alone cannot say (a heading's level, a menu, a video, ids); once
// the markup is edited by hand, its fingerprint no longer matches and the markup is read.
import { type Block, type DesignDocument, type DesignMode, type EmailDesign, validateDesign } from '@embed/design-document';
import { htmlBlock, type ImportContext } from './blocks';

const MARK = 'embed-design v1';

/** FNV-1a over the UTF-16 code units: a fingerprint of the markup, not a secret (what it guards is checked by our schema anyway). */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `${text.length.toString(36)}.${hash.toString(36)}`;
}

/**
 * JSON that cannot end a comment: every `-` written as the string escape `\u002d` (our
 * documents hold no negative number, so every `-` is inside a string), so no `-->` occurs.
 */
const commentSafe = (design: EmailDesign) => JSON.stringify(design).replace(/-/g, '\\u002d');

/**
 * The MJML of an email (render-core's emailMarkup) as exported: colours with an alpha
 * written `rgba()`, which the mjml package's validation takes where `#rrggbbaa` is refused,
 * and the design in a comment right after `<mjml ...>`.
 */
export function mjmlExport(markup: string, design: EmailDesign): string {
  const taken = markup.replace(/="#([0-9a-fA-F]{8})"/g, (_, hex: string) => {
    const [r, g, b, a] = [0, 2, 4, 6].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
    return `="rgba(${r},${g},${b},${Math.round((a / 255) * 1000) / 1000})"`;
  });
  const open = taken.indexOf('>') + 1;
  return `${taken.slice(0, open)}<!-- ${MARK} ${fingerprint(taken)} ${commentSafe(design)} -->${taken.slice(open)}`;
}

/**
 * The design an MJML export of ours carries, when its markup is as exported and the design
 * is valid in the mode asked for; html blocks pass the sanitizer as any imported html does.
 */
export function exportedDesign(source: string, mode: DesignMode, context: ImportContext): DesignDocument | undefined {
  const opening = `<!-- ${MARK} `;
  const at = source.indexOf(opening);
  const end = at < 0 ? -1 : source.indexOf(' -->', at);
  if (end < 0) return undefined;
  const note = source.slice(at + opening.length, end);
  const space = note.indexOf(' ');
  const markup = source.slice(0, at) + source.slice(end + ' -->'.length);
  if (space < 0 || fingerprint(markup) !== note.slice(0, space)) {
    context.warnings.add('mjml', 'mjml_changed');
    return undefined;
  }
  let design: unknown;
  try {
    design = JSON.parse(note.slice(space + 1));
  } catch {
    return undefined;
  }
  const checked = validateDesign(design);
  if (!checked.valid || checked.document.mode !== mode) return undefined;
  const rows = checked.document.body.rows.map((row, r) => ({
    ...row,
    columns: row.columns.map((column, c) => ({
      ...column,
      blocks: column.blocks.flatMap((block, b): Block[] => {
        if (block.type !== 'html') return [block];
        const kept = htmlBlock(block.html, `mjml (the design it carries) > body.rows[${r}].columns[${c}].blocks[${b}]`, context);
        return kept ? [{ ...block, html: kept.html }] : [];
      }),
    })),
  }));
  return { ...checked.document, body: { ...checked.document.body, rows } } as DesignDocument;
}
