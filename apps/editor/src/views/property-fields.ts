import { type BlockType, type DesignMode, type FieldRule, SOCIAL_NETWORKS } from '@embed/design-document/model';
import type { PlainKey } from '../i18n';

/**
 * One editable property: a field of the object, or of an object inside it (`in`: its
 * `style`, the style's `border`, a popup's `trigger`...). Its label and its options'
 * words are catalogue keys.
 */
export interface FieldSpec {
  key: string;
  label: PlainKey;
  kind: 'text' | 'url' | 'number' | 'color' | 'select' | 'textarea' | 'checkbox';
  /** The path of the object that holds the field, from the edited object. */
  in?: readonly string[];
  options?: readonly string[];
  /** The catalogue key of each option's words, when they are words (numbers show as they are). */
  optionLabel?: (option: string) => PlainKey;
  /** The schema's rule the value is checked against before it is taken. */
  rule?: FieldRule;
  min?: number;
  max?: number;
  step?: number;
  /** The document needs a value: emptying the field is refused. */
  required?: boolean;
  /** A checkbox whose field, left out, means true. */
  trueWhenAbsent?: boolean;
  /** Shown only when the object holding it is in this state (a trigger's seconds only for a delay). */
  when?: (holder: Record<string, unknown>) => boolean;
}

const option = (prefix: string) => (value: string) => `option.${prefix}.${value}` as PlainKey;
const STYLE = ['style'] as const;
const BORDER = ['style', 'border'] as const;

const color = (key: string, label: PlainKey, path: readonly string[] = STYLE): FieldSpec => ({ key, label, kind: 'color', in: path, rule: 'color' });
const align: FieldSpec = { key: 'align', label: 'field.align', kind: 'select', in: STYLE, options: ['left', 'center', 'right'], optionLabel: option('align') };
const padding: FieldSpec = { key: 'padding', label: 'field.padding', kind: 'text', in: STYLE, rule: 'padding' };
const background = color('backgroundColor', 'field.backgroundColor');
const radius: FieldSpec = { key: 'borderRadius', label: 'field.borderRadius', kind: 'number', in: STYLE, rule: 'borderRadius', min: 0, max: 999 };
const hasBorder = (border: Record<string, unknown>) => border.style !== undefined;
/** A border is all three or none: its style (or Default: none) shows the width and colour. */
const border: FieldSpec[] = [
  { key: 'style', label: 'field.border', kind: 'select', in: BORDER, options: ['solid', 'dashed', 'dotted'], optionLabel: option('line') },
  { key: 'width', label: 'field.borderWidth', kind: 'number', in: BORDER, min: 0, max: 20, required: true, when: hasBorder },
  { ...color('color', 'field.borderColor', BORDER), required: true, when: hasBorder },
];
const fontFamily: FieldSpec = { key: 'fontFamily', label: 'field.fontFamily', kind: 'text', in: STYLE, rule: 'fontFamily' };
const fontSize: FieldSpec = { key: 'fontSize', label: 'field.fontSize', kind: 'number', in: STYLE, rule: 'fontSize', min: 8, max: 96 };
const fontWeight: FieldSpec = { key: 'fontWeight', label: 'field.fontWeight', kind: 'select', in: STYLE, options: ['300', '400', '500', '600', '700', '800'] };
const alt: FieldSpec = { key: 'alt', label: 'field.alt', kind: 'text', rule: 'shortText' };
const href: FieldSpec = { key: 'href', label: 'field.href', kind: 'url', rule: 'href' };
const width: FieldSpec = { key: 'width', label: 'field.width', kind: 'number', min: 1, max: 2000 };
const lineHeight: FieldSpec = { key: 'lineHeight', label: 'field.lineHeight', kind: 'number', in: STYLE, rule: 'lineHeight', min: 0.8, max: 3, step: 0.1 };
const textStyle: FieldSpec[] = [
  { key: 'textAlign', label: 'field.textAlign', kind: 'select', in: STYLE, options: ['left', 'center', 'right', 'justify'], optionLabel: option('align') },
  color('color', 'field.color'),
  color('linkColor', 'field.linkColor'),
  fontFamily,
  fontSize,
  fontWeight,
  lineHeight,
  padding,
  background,
  ...border,
  radius,
];
const boxStyle: FieldSpec[] = [align, padding, background, ...border, radius];
const buttonStyle: FieldSpec[] = [
  color('buttonColor', 'field.buttonColor'),
  color('color', 'field.color'),
  fontFamily,
  fontSize,
  fontWeight,
  { key: 'innerPadding', label: 'field.innerPadding', kind: 'text', in: STYLE, rule: 'padding' },
  ...border,
  radius,
  { key: 'fullWidth', label: 'field.fullWidth', kind: 'checkbox', in: STYLE },
  align,
  padding,
];

/** The properties the design document allows per block type (docs/design-document.md, Blocks and Styles). */
export const BLOCK_FIELDS: Record<BlockType, FieldSpec[]> = {
  text: textStyle,
  heading: [{ key: 'level', label: 'field.level', kind: 'select', options: ['1', '2', '3', '4'], required: true }, ...textStyle],
  image: [{ key: 'src', label: 'field.src', kind: 'url', rule: 'imageUrl' }, alt, href, width, ...boxStyle],
  button: [{ key: 'text', label: 'field.buttonText', kind: 'text', rule: 'shortText' }, href, ...buttonStyle],
  divider: [
    color('color', 'field.lineColor'),
    { key: 'thickness', label: 'field.thickness', kind: 'number', in: STYLE, min: 1, max: 20 },
    { key: 'lineStyle', label: 'field.lineStyle', kind: 'select', in: STYLE, options: ['solid', 'dashed', 'dotted'], optionLabel: option('line') },
    { key: 'width', label: 'field.widthPercent', kind: 'number', in: STYLE, min: 1, max: 100 },
    align,
    padding,
  ],
  spacer: [{ key: 'height', label: 'field.height', kind: 'number', min: 1, max: 500, required: true }],
  social: [
    align,
    { key: 'iconSize', label: 'field.iconSize', kind: 'number', in: STYLE, min: 16, max: 64 },
    { key: 'showLabels', label: 'field.showLabels', kind: 'checkbox', in: STYLE },
    color('color', 'field.color'),
    fontFamily,
    fontSize,
    padding,
  ],
  menu: [{ key: 'separator', label: 'field.separator', kind: 'text', in: STYLE }, color('color', 'field.linkColor'), fontFamily, fontSize, fontWeight, align, padding],
  html: [{ key: 'html', label: 'field.html', kind: 'textarea' }, padding, background, ...border, radius],
  video: [
    { key: 'url', label: 'field.videoUrl', kind: 'url', rule: 'webUrl' },
    { key: 'thumbnail', label: 'field.thumbnail', kind: 'url', rule: 'imageUrl' },
    alt,
    width,
    ...boxStyle,
  ],
  form: [
    { key: 'submitText', label: 'field.submitText', kind: 'text', rule: 'shortText' },
    { key: 'action', label: 'field.action', kind: 'url', rule: 'webUrl' },
    { key: 'successMessage', label: 'field.successMessage', kind: 'text', rule: 'shortText' },
    ...buttonStyle,
  ],
};

/** A row's fields; printed documents add page breaks. */
export function rowFields(mode: DesignMode): FieldSpec[] {
  return [
    background,
    color('contentBackgroundColor', 'field.contentBackgroundColor'),
    padding,
    ...border,
    radius,
    { key: 'fullWidth', label: 'field.fullWidth', kind: 'checkbox', in: STYLE },
    { key: 'hideOn', label: 'field.hideOn', kind: 'select', options: ['mobile', 'desktop'], optionLabel: option('hideOn') },
    { key: 'stackOnMobile', label: 'field.stackOnMobile', kind: 'checkbox', trueWhenAbsent: true },
    ...(mode === 'document'
      ? [
          { key: 'breakBefore', label: 'field.breakBefore', kind: 'checkbox' } as FieldSpec,
          { key: 'keepTogether', label: 'field.keepTogether', kind: 'checkbox' } as FieldSpec,
        ]
      : []),
  ];
}

export const COLUMN_FIELDS: FieldSpec[] = [
  { key: 'verticalAlign', label: 'field.verticalAlign', kind: 'select', in: STYLE, options: ['top', 'middle', 'bottom'], optionLabel: option('verticalAlign') },
  padding,
  background,
  ...border,
  radius,
];

export const BODY_FIELDS: FieldSpec[] = [
  color('backgroundColor', 'field.backgroundColor', []),
  color('contentBackgroundColor', 'field.contentBackgroundColor', []),
  { key: 'contentWidth', label: 'field.contentWidth', kind: 'number', min: 320, max: 1600 },
  { ...fontFamily, in: [] },
  { ...fontSize, in: [] },
  color('color', 'field.color', []),
  color('linkColor', 'field.linkColor', []),
  { ...lineHeight, in: [] },
];

const TRIGGER = ['trigger'] as const;
const OVERLAY = ['overlay'] as const;
const CLOSE = ['closeButton'] as const;
const FREQUENCY = ['frequency'] as const;
const MARGINS = ['margins'] as const;

/** One of a printed document's page margins, in mm. */
const margin = (key: string, label: PlainKey): FieldSpec => ({ key, label, kind: 'number', in: MARGINS, min: 0, max: 100, required: true });

/** What a popup does on the page: when it opens, how often, its overlay and its close button. */
const POPUP_BEHAVIOUR: FieldSpec[] = [
  { key: 'type', label: 'field.trigger', kind: 'select', in: TRIGGER, options: ['load', 'delay', 'exitIntent', 'scroll'], optionLabel: option('trigger'), required: true },
  { key: 'seconds', label: 'field.triggerSeconds', kind: 'number', in: TRIGGER, min: 1, max: 600, required: true, when: (trigger) => trigger.type === 'delay' },
  { key: 'percent', label: 'field.triggerPercent', kind: 'number', in: TRIGGER, min: 1, max: 100, required: true, when: (trigger) => trigger.type === 'scroll' },
  { key: 'type', label: 'field.frequency', kind: 'select', in: FREQUENCY, options: ['always', 'oncePerSession', 'once', 'everyDays'], optionLabel: option('frequency'), required: true },
  { key: 'days', label: 'field.frequencyDays', kind: 'number', in: FREQUENCY, min: 1, max: 365, required: true, when: (frequency) => frequency.type === 'everyDays' },
  { key: 'show', label: 'field.overlayShow', kind: 'checkbox', in: OVERLAY },
  { ...color('color', 'field.overlayColor', OVERLAY), when: (overlay) => overlay.show === true },
  { key: 'opacity', label: 'field.overlayOpacity', kind: 'number', in: OVERLAY, min: 0, max: 1, step: 0.05, when: (overlay) => overlay.show === true },
  { key: 'closeOnClick', label: 'field.overlayCloseOnClick', kind: 'checkbox', in: OVERLAY, trueWhenAbsent: true, when: (overlay) => overlay.show === true },
  { key: 'show', label: 'field.closeShow', kind: 'checkbox', in: CLOSE, trueWhenAbsent: true },
  { ...color('color', 'field.closeColor', CLOSE), when: (close) => close.show !== false },
  { key: 'position', label: 'field.closePosition', kind: 'select', in: CLOSE, options: ['inside', 'outside'], optionLabel: option('closePosition'), when: (close) => close.show !== false },
];

/** The settings of each mode (docs/design-document.md, Settings). */
export const SETTINGS_FIELDS: Record<DesignMode, FieldSpec[]> = {
  email: [
    { key: 'subject', label: 'field.subject', kind: 'text', rule: 'shortText', required: true },
    { key: 'preheader', label: 'field.preheader', kind: 'text', rule: 'shortText' },
  ],
  page: [
    { key: 'title', label: 'field.pageTitle', kind: 'text', rule: 'shortText', required: true },
    { key: 'description', label: 'field.description', kind: 'text', rule: 'shortText' },
  ],
  popup: [
    { key: 'label', label: 'field.popupLabel', kind: 'text', rule: 'shortText', required: true },
    {
      key: 'position',
      label: 'field.position',
      kind: 'select',
      options: ['center', 'top', 'bottom', 'top-left', 'top-right', 'bottom-left', 'bottom-right'],
      optionLabel: option('position'),
      required: true,
    },
    { key: 'width', label: 'field.width', kind: 'number', min: 200, max: 1200, required: true },
    { key: 'maxHeight', label: 'field.maxHeight', kind: 'number', min: 20, max: 100 },
    ...POPUP_BEHAVIOUR,
  ],
  document: [
    { key: 'title', label: 'field.documentTitle', kind: 'text', rule: 'shortText' },
    { key: 'pageSize', label: 'field.pageSize', kind: 'select', options: ['A4', 'A5', 'A3', 'Letter', 'Legal'], optionLabel: option('pageSize'), required: true },
    { key: 'orientation', label: 'field.orientation', kind: 'select', options: ['portrait', 'landscape'], optionLabel: option('orientation'), required: true },
    margin('top', 'field.marginTop'),
    margin('right', 'field.marginRight'),
    margin('bottom', 'field.marginBottom'),
    margin('left', 'field.marginLeft'),
    { key: 'pageNumbers', label: 'field.pageNumbers', kind: 'checkbox' },
  ],
};

/** What each list's words are under in the catalogue: `list.<block type>.<word>`. */
export const LIST_WORDS = ['legend', 'item', 'moveUp', 'moveDown', 'remove', 'add'] as const;

/** The fields of one item of a social, menu or form block's list. */
export const LIST_ITEM_FIELDS = {
  social: [
    { key: 'network', label: 'field.network', kind: 'select', options: SOCIAL_NETWORKS, optionLabel: option('network'), required: true },
    { key: 'href', label: 'field.address', kind: 'url', rule: 'url', required: true },
    { key: 'label', label: 'field.label', kind: 'text', rule: 'shortText' },
  ],
  menu: [
    { key: 'text', label: 'field.text', kind: 'text', rule: 'shortText', required: true },
    href,
  ],
  form: [
    { key: 'label', label: 'field.label', kind: 'text', rule: 'shortText', required: true },
    { key: 'name', label: 'field.formName', kind: 'text', rule: 'id', required: true },
    {
      key: 'kind',
      label: 'field.formKind',
      kind: 'select',
      options: ['text', 'email', 'tel', 'number', 'textarea', 'checkbox', 'select'],
      optionLabel: option('formKind'),
      required: true,
    },
    { key: 'placeholder', label: 'field.placeholder', kind: 'text', rule: 'shortText' },
    { key: 'required', label: 'field.required', kind: 'checkbox' },
  ],
} satisfies Record<'social' | 'menu' | 'form', FieldSpec[]>;
