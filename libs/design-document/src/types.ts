// The types of version 1 of the design document, each the static type of a part of its
// definition (./definition): the code that reads documents and the validator that checks
// them cannot disagree.
import type { Definition } from './definition/document';

export { SOCIAL_NETWORKS } from './definition/blocks';

export type DesignDocument = Definition<'designDocument'>;
export type DesignMode = DesignDocument['mode'];
export type EmailDesign = Extract<DesignDocument, { mode: 'email' }>;
export type PageDesign = Extract<DesignDocument, { mode: 'page' }>;
export type PopupDesign = Extract<DesignDocument, { mode: 'popup' }>;
export type DocumentDesign = Extract<DesignDocument, { mode: 'document' }>;

/** `#rgb`, `#rrggbb`, `#rrggbbaa` or `transparent`. */
export type Color = Definition<'color'>;
/** One to four px values: `10px`, `10px 20px`, ... */
export type Padding = Definition<'padding'>;
export type Align = Definition<'align'>;
export type TextAlign = Definition<'textAlign'>;
export type FontWeight = Definition<'fontWeight'>;
export type Border = Definition<'border'>;

/** A run of text; `\n` is a line break; `href` makes it a link ("" = link without address). */
export type Inline = Definition<'inline'>;
export type Paragraph = Definition<'paragraph'>;
export type List = Definition<'list'>;
export type TextStyle = Definition<'textStyle'>;
export type BoxStyle = Definition<'boxStyle'>;
export type ButtonStyle = Definition<'buttonStyle'>;

export type Block = Definition<'block'>;
export type TextBlock = Definition<'textBlock'>;
export type HeadingBlock = Definition<'headingBlock'>;
export type ImageBlock = Definition<'imageBlock'>;
export type ButtonBlock = Definition<'buttonBlock'>;
export type DividerBlock = Definition<'dividerBlock'>;
export type SpacerBlock = Definition<'spacerBlock'>;
export type SocialBlock = Definition<'socialBlock'>;
export type SocialNetwork = SocialBlock['links'][number]['network'];
export type MenuBlock = Definition<'menuBlock'>;
export type HtmlBlock = Definition<'htmlBlock'>;
/** A video shown as its thumbnail linking to the video's page. */
export type VideoBlock = Definition<'videoBlock'>;
export type FormField = Definition<'formField'>;
/** Only in page and popup designs. */
export type FormBlock = Definition<'formBlock'>;

/** Where a row or block is left out: on phones (`mobile`) or on desktops. */
export type HideOn = Definition<'hideOn'>;
export type RowPhone = Definition<'rowPhone'>;
/** The phone overrides any block may hold (each block type takes the part of them its schema names). */
export type BlockPhone = Partial<Definition<'textPhone'> & Definition<'imagePhone'> & Definition<'buttonPhone'> & Definition<'linksPhone'> & Definition<'boxPhone'> & Definition<'spacerPhone'>>;

export type Column = Definition<'column'>;
export type Row = Definition<'row'>;
export type WebFont = Definition<'webFont'>;
export type Body = Definition<'body'>;

export type EmailSettings = Definition<'emailSettings'>;
export type PageSettings = Definition<'pageSettings'>;
export type PopupTrigger = Definition<'popupTrigger'>;
export type PopupSettings = Definition<'popupSettings'>;
/** A header or footer repeated on every printed page. */
export type PageBand = Definition<'pageBand'>;
export type DocumentSettings = Definition<'documentSettings'>;
