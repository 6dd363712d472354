import { exampleDesign } from './api';

/** The largest html block the design schema takes. */
const HTML_BLOCK_LIMIT = 100_000;

/** The email example with html blocks added to its second row. */
function withHtmlBlocks(html: string, count: number, subject?: string) {
  const doc = exampleDesign('email');
  if (subject) doc.settings.subject = subject;
  doc.body.rows[1].columns[0].blocks.push(...Array.from({ length: count }, (_, n) => ({ id: `hostile-${n}`, type: 'html', html: html.slice(0, HTML_BLOCK_LIMIT) })));
  return doc;
}

/**
 * A valid design whose render costs seconds for its size alone: nine html blocks of the
 * largest size (900 KB, within the 1 MiB body limit) holding about 43,000 links whose
 * addresses are merge tags, each to parse, sanitize, judge and fill (2.8 to 4.7 s measured
 * on a shared two-core machine). No pattern makes it slow, so it stays costly however each
 * step is made linear. `subject` makes each one a document of its own, which no cached
 * layout spares.
 */
export const costlyDesign = (subject?: string) => withHtmlBlocks("<a href='{{contact.id}}'>i</a>".repeat(4_800), 9, subject);

/**
 * Valid designs that a pattern of the renderer once took quadratic or worse time on (issue
 * 28): `href=` then whitespace in an html block, and `url(` then whitespace in a style. Once
 * those patterns are linear they render at once; either way they must never hold the
 * renderer up nor be answered 5xx.
 */
export const patternHostileDesigns = () => [withHtmlBlocks(`<a href=${' '.repeat(99_990)}`, 1), withHtmlBlocks(`<p style="background:url(${' '.repeat(99_900)}">x</p>`, 1)];
