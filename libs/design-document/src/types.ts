// Version 1 of the design document, as docs/design-document.schema.json defines it.
// The schema is the source of truth; these types mirror it for the code that reads documents.

export type DesignMode = 'email' | 'page' | 'popup' | 'document';

/** `#rgb`, `#rrggbb`, `#rrggbbaa` or `transparent`. */
export type Color = string;
/** One to four px values: `10px`, `10px 20px`, ... */
export type Padding = string;
export type Align = 'left' | 'center' | 'right';
export type TextAlign = Align | 'justify';
export type FontWeight = 300 | 400 | 500 | 600 | 700 | 800;

export interface Border {
  width: number;
  style: 'solid' | 'dashed' | 'dotted';
  color: Color;
}

/** A run of text; `\n` is a line break; `href` makes it a link ("" = link without address). */
export interface Inline {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  color?: Color;
  href?: string;
}

export interface Paragraph {
  type: 'paragraph';
  content: Inline[];
}

export interface List {
  type: 'list';
  ordered: boolean;
  items: Inline[][];
}

export interface TextStyle {
  padding?: Padding;
  backgroundColor?: Color;
  border?: Border;
  borderRadius?: number;
  textAlign?: TextAlign;
  fontFamily?: string;
  fontSize?: number;
  fontWeight?: FontWeight;
  color?: Color;
  lineHeight?: number;
  linkColor?: Color;
}

export interface BoxStyle {
  padding?: Padding;
  backgroundColor?: Color;
  border?: Border;
  borderRadius?: number;
  align?: Align;
}

export interface ButtonStyle {
  padding?: Padding;
  align?: Align;
  buttonColor?: Color;
  color?: Color;
  innerPadding?: Padding;
  border?: Border;
  borderRadius?: number;
  fullWidth?: boolean;
  fontFamily?: string;
  fontSize?: number;
  fontWeight?: FontWeight;
}

interface BlockBase {
  id?: string;
}

export interface TextBlock extends BlockBase {
  type: 'text';
  content: (Paragraph | List)[];
  style?: TextStyle;
}

export interface HeadingBlock extends BlockBase {
  type: 'heading';
  level: 1 | 2 | 3 | 4;
  content: Inline[];
  style?: TextStyle;
}

export interface ImageBlock extends BlockBase {
  type: 'image';
  src: string;
  alt?: string;
  href?: string;
  /** px; the column's width when left out. */
  width?: number;
  style?: BoxStyle;
}

export interface ButtonBlock extends BlockBase {
  type: 'button';
  text: string;
  href?: string;
  style?: ButtonStyle;
}

export interface DividerBlock extends BlockBase {
  type: 'divider';
  style?: {
    padding?: Padding;
    color?: Color;
    thickness?: number;
    lineStyle?: Border['style'];
    /** percent of the column */
    width?: number;
    align?: Align;
  };
}

export interface SpacerBlock extends BlockBase {
  type: 'spacer';
  height: number;
}

export const SOCIAL_NETWORKS = [
  'facebook', 'x', 'instagram', 'linkedin', 'youtube', 'pinterest', 'github',
  'vimeo', 'medium', 'dribbble', 'snapchat', 'tumblr', 'soundcloud', 'web',
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export interface SocialBlock extends BlockBase {
  type: 'social';
  links: { network: SocialNetwork; href: string; label?: string }[];
  style?: {
    padding?: Padding;
    align?: Align;
    iconSize?: number;
    showLabels?: boolean;
    color?: Color;
    fontFamily?: string;
    fontSize?: number;
  };
}

export interface MenuBlock extends BlockBase {
  type: 'menu';
  items: { text: string; href?: string }[];
  style?: {
    padding?: Padding;
    align?: Align;
    separator?: string;
    color?: Color;
    fontFamily?: string;
    fontSize?: number;
    fontWeight?: FontWeight;
  };
}

export interface HtmlBlock extends BlockBase {
  type: 'html';
  html: string;
  style?: BoxStyle;
}

/** A video shown as its thumbnail linking to the video's page. */
export interface VideoBlock extends BlockBase {
  type: 'video';
  url: string;
  thumbnail: string;
  alt?: string;
  width?: number;
  style?: BoxStyle;
}

export interface FormField {
  name: string;
  label: string;
  kind: 'text' | 'email' | 'tel' | 'number' | 'textarea' | 'checkbox' | 'select';
  required?: boolean;
  placeholder?: string;
  options?: { value: string; label: string }[];
}

/** Only in page and popup designs. */
export interface FormBlock extends BlockBase {
  type: 'form';
  fields: FormField[];
  submitText: string;
  action?: string;
  successMessage?: string;
  style?: ButtonStyle;
}

export type Block =
  | TextBlock
  | HeadingBlock
  | ImageBlock
  | ButtonBlock
  | DividerBlock
  | SpacerBlock
  | SocialBlock
  | MenuBlock
  | HtmlBlock
  | VideoBlock
  | FormBlock;

export interface Column {
  id?: string;
  /** Share of the row's width against its sibling columns; 1 when left out. */
  ratio?: number;
  blocks: Block[];
  style?: {
    padding?: Padding;
    backgroundColor?: Color;
    border?: Border;
    borderRadius?: number;
    verticalAlign?: 'top' | 'middle' | 'bottom';
  };
}

export interface Row {
  id?: string;
  columns: Column[];
  /** true when left out */
  stackOnMobile?: boolean;
  hideOn?: 'mobile' | 'desktop';
  /** document: start on a new page */
  breakBefore?: boolean;
  /** document: never split across pages */
  keepTogether?: boolean;
  style?: {
    padding?: Padding;
    backgroundColor?: Color;
    backgroundImage?: { url: string; size?: 'cover' | 'contain' | 'auto'; position?: 'top' | 'center' | 'bottom'; repeat?: boolean };
    contentBackgroundColor?: Color;
    border?: Border;
    borderRadius?: number;
    fullWidth?: boolean;
  };
}

export interface WebFont {
  family: string;
  url: string;
}

export interface Body {
  rows: Row[];
  fonts?: WebFont[];
  style?: {
    backgroundColor?: Color;
    contentBackgroundColor?: Color;
    contentWidth?: number;
    fontFamily?: string;
    fontSize?: number;
    color?: Color;
    linkColor?: Color;
    lineHeight?: number;
  };
}

export interface EmailSettings {
  subject: string;
  preheader?: string;
}

export interface PageSettings {
  title: string;
  description?: string;
}

export type PopupTrigger =
  | { type: 'load' }
  | { type: 'delay'; seconds: number }
  | { type: 'exitIntent' }
  | { type: 'scroll'; percent: number };

export interface PopupSettings {
  label: string;
  position: 'center' | 'top' | 'bottom' | 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';
  width: number;
  /** percent of the viewport height */
  maxHeight?: number;
  overlay?: { show: boolean; color?: Color; opacity?: number; closeOnClick?: boolean };
  closeButton?: { show: boolean; color?: Color; position?: 'inside' | 'outside' };
  trigger: PopupTrigger;
  frequency: { type: 'always' | 'oncePerSession' | 'once' | 'everyDays'; days?: number };
}

/** A header or footer repeated on every printed page. */
export interface PageBand {
  blocks: Block[];
  style?: { padding?: Padding; backgroundColor?: Color; border?: Border };
}

export interface DocumentSettings {
  title?: string;
  pageSize: 'A4' | 'A5' | 'A3' | 'Letter' | 'Legal';
  orientation: 'portrait' | 'landscape';
  /** mm */
  margins: { top: number; right: number; bottom: number; left: number };
  header?: PageBand;
  footer?: PageBand;
  pageNumbers?: boolean;
}

interface DocumentBase<M extends DesignMode, S> {
  schemaVersion: 1;
  mode: M;
  id?: string;
  name?: string;
  language?: string;
  settings: S;
  body: Body;
}

export type EmailDesign = DocumentBase<'email', EmailSettings>;
export type PageDesign = DocumentBase<'page', PageSettings>;
export type PopupDesign = DocumentBase<'popup', PopupSettings>;
export type DocumentDesign = DocumentBase<'document', DocumentSettings>;

export type DesignDocument = EmailDesign | PageDesign | PopupDesign | DocumentDesign;
