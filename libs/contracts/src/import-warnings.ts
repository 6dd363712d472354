/**
 * Every warning an import gives (`POST /embed/v1/imports`, the editor's Import dialog), by
 * its code, in English: `{name}` stands for a value of the warning's `params`. The API's
 * `message` is these words filled; the editor's catalogues take these codes (its French one
 * translates each, import-warnings.spec.ts there checks every code has words). A value is
 * the source's own (a type name, an element, an address, a count), never our words; a
 * template holds no literal brace (a merge tag comes in as a value).
 */
export const IMPORT_WARNING_MESSAGES = {
  more_warnings: '{count} more warnings were left out',

  // Our limits (docs/design-document.md, Limits).
  rows_past_limits: '{count} rows past our limits ({rows} rows, {blocks} blocks) were left out',
  blocks_past_limits: '{count} blocks past our limits ({perColumn} a column, {blocks} in all) were left out',
  fonts_past_limit: 'Only the first {max} web fonts were kept',
  columns_split: '{count} columns were split into rows of {max} at most: our rows hold {max} columns',
  column_blocks_cut: 'A column of {count} blocks kept its first {max}',
  column_contents_cut: 'A column of {count} contents kept its first {max}',
  column_modules_cut: 'A column of {count} modules kept its first {max}',
  column_elements_cut: 'A column of {count} elements kept its first {max}',
  column_blocks_over: 'A column of more than {max} blocks kept its first {max}',
  cells_cut: '{count} cells side by side: the first {max} were read',
  social_links_cut: 'Social links past {max} were left out',
  menu_links_cut: 'Menu links past {max} were left out',
  text_past_limits: 'Text past our limits ({paragraphs} paragraphs, {items} list items, {runs} runs) was left out',
  lexical_past_limits: 'Text past our limits (nesting, runs or paragraphs) was left out',
  markup_read_as_text: 'Markup nested deeper than {max} levels was read as plain text',
  markup_left_out: 'Markup nested deeper than {max} levels was left out',
  html_cut: 'HTML past {max} characters was cut',

  // What the source holds that we have no block for.
  unknown_content: 'A "{type}" (a custom tool, a timer, a form, ...) is not a block we import; it was left out',
  untyped_content: 'A content without a type (a custom tool, a timer, a form, ...) is not a block we import; it was left out',
  unknown_module: 'A "{type}" (an add-on, a form, a timer, icons, ...) is not a block we import; it was left out',
  untyped_module: 'A module without a type (an add-on, a form, a timer, icons, ...) is not a block we import; it was left out',
  unknown_element: '{element} is not an element we import; it was left out',
  not_in_section: '{element} is not an element of a section; it was left out',
  html_block_custom: 'Custom HTML: kept as an html block, which the editor shows as code',
  html_block_nested_table: 'A table of several columns inside a column (a nested table): kept as an html block, which the editor shows as code',
  html_block_element: '{element} has no block of ours: kept as an html block, which the editor shows as code',
  html_block_mj_raw: 'Raw HTML (mj-raw): kept as an html block, which the editor shows as code',
  html_block_mj_table: 'A table (mj-table): kept as an html block, which the editor shows as code',
  html_block_rich_text: 'Text holding images, tables or form controls: kept as an html block, which the editor shows as code',
  heading_level: 'An {tag} became a level 4 heading, our smallest',
  text_heading: 'A heading inside the text became bold paragraphs: a text block holds paragraphs and lists, not headings’ sizes',
  text_headings: '{count} headings inside the text became bold paragraphs: a text block holds paragraphs and lists, not headings’ sizes',
  nested_list: 'A list inside a list was flattened into its outer list',
  image_without_address: 'An image without a usable address was left out',
  button_without_text: 'A button without text was left out',
  social_without_address: 'A social link without a usable address was left out',
  video_as_button: 'A video without a thumbnail we can find became a button linking to it',
  carousel_first_image: 'A carousel became an image block of its first image (of {count}): its arrows and thumbnails are not kept',
  hero_as_row: 'A hero became a row with its background image; its height and mode are not kept',
  hero_height_estimated: 'A hero became a row with its background image; its height is kept as space under its content, an estimate of that content’s height',
  wrapper_background: 'The wrapper’s background image was left out: each of its sections keeps its own',
  band_colour: "The row's band colour ({band}) was left out: our row paints its content's ({inner})",
  navbar_hamburger: 'The navbar’s hamburger menu on phones is not kept: its links show in a row',
  flex_widths: 'The boxes of this flex row are as wide as their content in the source; here they share the row’s width in fixed parts',
  unlayer_headers: 'Unlayer headers are not kept: add them as rows',
  unlayer_footers: 'Unlayer footers are not kept: add them as rows',

  // Screens.
  phone_values: "The {type}'s phone-only values are not kept: our designs have one style for every screen yet",
  display_condition: "The {type}'s display condition is not kept: it shows to everyone",
  hidden_on_desktops: 'The {type} was hidden on desktops; it now shows on every screen',
  hidden_on_phones: 'The {type} was hidden on phones; it now shows on every screen',
  fixed_width: 'The content is {width} px wide on every screen (a fixed width, no max-width): this design narrows to a screen narrower than {width} px (an email keeps the width)',

  // Styles.
  style_element: 'CSS in <style> is not kept: the styles written on the elements are read',
  mj_style: 'CSS in mj-style is not kept: our blocks carry their own styles',

  // MJML as a file.
  mj_include: 'mj-include is never followed: include the file’s content in the source',
  mjml_changed: 'The MJML was changed since it was exported: its markup was read, not the design it carries',
  mjml_cut_short: 'The MJML ends before its closing </mjml>: it looks cut short, and only what comes before the cut was read',

  // Addresses and what could run (nothing executable crosses).
  link_unsafe: 'A link had a {scheme}: address ({address}), which could run code; it was left out',
  link_unusable: 'A link had an address our designs cannot hold ({address}); it was left out',
  address_unsafe: 'An address had a {scheme}: address ({address}), which could run code; it was left out',
  address_unusable: 'An address had an address our designs cannot hold ({address}); it was left out',
  image_unsafe: 'An image had a {scheme}: address ({address}), which could run code; it was left out',
  image_unusable: 'An image had an address our designs cannot hold ({address}); it was left out',
  font_insecure: 'The web font at {address} is not served over https; it was left out',
  script_left_out: 'A script was left out: nothing executable is imported',
  html_too_deep: 'Raw HTML in the imported html: nested deeper than {max} levels, kept as its text.',
  html_elements_removed: 'Raw HTML in the imported html: taken out {elements}.',
  html_event_handlers_removed: 'Raw HTML in the imported html: taken out event handler attributes (on...).',
  html_unsafe_urls_removed: 'Raw HTML in the imported html: taken out unsafe URLs (javascript:, vbscript:, data:text).',
  html_css_functions_removed: 'Raw HTML in the imported html: taken out CSS url() and expression() in styles.',

  // The request's merge tag map.
  merge_tag_unused: 'is not a source tag mapped to one of our tags ({tags}); it was not used',
} as const;

export type ImportWarningCode = keyof typeof IMPORT_WARNING_MESSAGES;
export const IMPORT_WARNING_CODES = Object.keys(IMPORT_WARNING_MESSAGES) as ImportWarningCode[];

/**
 * Whether what a warning names can change how the imported design looks, drawn beside its
 * source: something left out, cut, moved or drawn otherwise (`true`); or only how it is
 * kept or addressed, the design drawn the same (`false`: an html block the editor shows as
 * code, an event handler taken out, a merge tag not used). The fidelity bench counts a
 * difference in pixels as explained only by a warning of the first kind. Every code says
 * which, so a new code cannot be left out.
 */
const CHANGES_LOOKS: Record<ImportWarningCode, boolean> = {
  more_warnings: false,
  rows_past_limits: true,
  blocks_past_limits: true,
  fonts_past_limit: true,
  columns_split: true,
  column_blocks_cut: true,
  column_contents_cut: true,
  column_modules_cut: true,
  column_elements_cut: true,
  column_blocks_over: true,
  cells_cut: true,
  social_links_cut: true,
  menu_links_cut: true,
  text_past_limits: true,
  lexical_past_limits: true,
  markup_read_as_text: true,
  markup_left_out: true,
  html_cut: true,
  unknown_content: true,
  untyped_content: true,
  unknown_module: true,
  untyped_module: true,
  unknown_element: true,
  not_in_section: true,
  // Kept as html blocks: drawn as the source's markup (what the sanitizer takes out has its own warnings).
  html_block_custom: false,
  html_block_nested_table: false,
  html_block_element: false,
  html_block_mj_raw: false,
  html_block_mj_table: false,
  html_block_rich_text: false,
  heading_level: true,
  text_heading: true,
  text_headings: true,
  nested_list: true,
  image_without_address: true,
  button_without_text: true,
  social_without_address: true,
  video_as_button: true,
  carousel_first_image: true,
  hero_as_row: true,
  hero_height_estimated: true,
  wrapper_background: true,
  band_colour: true,
  navbar_hamburger: true,
  flex_widths: true,
  unlayer_headers: true,
  unlayer_footers: true,
  phone_values: true,
  display_condition: true,
  hidden_on_desktops: true,
  hidden_on_phones: true,
  fixed_width: true,
  style_element: true,
  mj_style: true,
  mj_include: true,
  // The markup is read as any MJML is: what it draws is what it says.
  mjml_changed: false,
  // What lay past the cut is missing from the design.
  mjml_cut_short: true,
  // A link left out leaves its words, no longer drawn as a link.
  link_unsafe: true,
  link_unusable: true,
  address_unsafe: true,
  address_unusable: true,
  image_unsafe: true,
  image_unusable: true,
  font_insecure: true,
  // A browser draws what a script writes.
  script_left_out: true,
  html_too_deep: true,
  html_elements_removed: true,
  html_event_handlers_removed: false,
  // Addresses of links and frames: nothing drawn with them.
  html_unsafe_urls_removed: false,
  html_css_functions_removed: true,
  merge_tag_unused: false,
};

/** True when the warning names a change a reader can see (CHANGES_LOOKS). */
export const changesLooks = ({ code }: Pick<ImportWarning, 'code'>): boolean => CHANGES_LOOKS[code] === true;

/** The names between braces in a template, as a type. */
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;
/** The values a code's words ask for, exactly. */
export type ImportWarningParams<C extends ImportWarningCode> = Record<Placeholders<(typeof IMPORT_WARNING_MESSAGES)[C]>, string | number>;

/** What was lost or changed, at its place in the source (a JSON path, or an element path in MJML or HTML). */
export interface ImportWarning {
  path: string;
  /** Which warning it is: its words in any language come from its code and params. */
  code: ImportWarningCode;
  /** The values its words name: counts, the source's type names, elements, addresses. */
  params: Record<string, string | number>;
  /** Its words in English, params filled. */
  message: string;
}
