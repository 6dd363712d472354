/**
 * Why a source cannot be read as the format named at all (`422 source_unreadable`, the
 * editor's Import dialog), by code, in English: `{name}` stands for a value of the
 * refusal's `params`. The API's `error` says these words filled; the editor's catalogues
 * take the codes (its French one translates each, as for the warnings).
 */
export const SOURCE_UNREADABLE_REASONS = {
  json_invalid: 'not JSON: {detail}',
  unlayer_not_object: 'an Unlayer design is a JSON object with body.rows',
  unlayer_no_body: 'an Unlayer design has a body object',
  unlayer_no_rows: 'an Unlayer design has body.rows, a list of rows',
  beefree_not_object: 'a Beefree template is a JSON object with page.rows',
  beefree_no_page: 'a Beefree template has a page object',
  beefree_no_rows: 'a Beefree template has page.rows, a list of rows',
  mjml_not_text: 'MJML is text: send the file’s content as a string',
  mjml_too_deep: 'elements are nested deeper than {max} levels',
  mjml_no_root: 'no <mjml> root element was found',
  mjml_no_body: 'the <mjml> element has no <mj-body>',
  html_not_text: 'HTML is text: send the page’s markup as a string',
  html_empty: 'the HTML is empty',
} as const;

export type SourceUnreadableCode = keyof typeof SOURCE_UNREADABLE_REASONS;
export const SOURCE_UNREADABLE_CODES = Object.keys(SOURCE_UNREADABLE_REASONS) as SourceUnreadableCode[];

/** A refusal as the converter gives it: the place in the source, which reason, its values. */
export interface SourceUnreadableReason {
  path: string;
  code: SourceUnreadableCode;
  params: Record<string, string | number>;
}
