import { BLOCK_TYPES, type BlockType, type DefinitionName, type DesignMode, fieldDefinition, type FieldDefinition } from '@embed/design-document/model';
import type { PlainKey } from '../i18n';

/**
 * One editable property as the panel shows it: a field of the object, or of an object
 * inside it (`in`: its `style`, the style's `border`, a popup's `trigger`...). Its label
 * and its options' words are catalogue keys.
 */
interface Authored {
  key: string;
  label: PlainKey;
  kind: 'text' | 'url' | 'number' | 'color' | 'select' | 'textarea' | 'checkbox';
  /** The path of the object that holds the field, from the edited object. */
  in?: readonly string[];
  /** The catalogue key of each option's words, when they are words (numbers show as they are). */
  optionLabel?: (option: string) => PlainKey;
  /** The increment of a number input, where the document takes fractions (a line height). */
  step?: number;
  /** Emptying the field is refused, though the document could leave it out (a border's width: the border needs one). */
  required?: boolean;
  /** A checkbox whose field, left out, means true. */
  trueWhenAbsent?: boolean;
  /** Shown only when the object holding it is in this state (a trigger's seconds only for a delay). */
  when?: (holder: Record<string, unknown>) => boolean;
}

/** A property with what the document's definition says of it: what is offered and taken is what the server takes. */
export interface FieldSpec extends Authored {
  definition: FieldDefinition;
  options?: readonly string[];
  min?: number;
  max?: number;
  /** The document needs a value: emptying the field is refused. */
  required: boolean;
}

/** The fields of the named part of the document (at `base` inside it), with their bounds, choices and rules from its definition. */
function defined(part: DefinitionName, fields: readonly Authored[], base: readonly string[] = []): FieldSpec[] {
  return fields.map((field) => {
    const definition = fieldDefinition(part, [...base, ...(field.in ?? []), field.key]);
    return {
      ...field,
      definition,
      options: definition.enum?.map(String),
      min: definition.minimum,
      max: definition.maximum,
      required: field.required === true || definition.required,
    };
  });
}

const option = (prefix: string) => (value: string) => `option.${prefix}.${value}` as PlainKey;
const STYLE = ['style'] as const;
const BORDER = ['style', 'border'] as const;

const color = (key: string, label: PlainKey, path: readonly string[] = STYLE): Authored => ({ key, label, kind: 'color', in: path });
const align: Authored = { key: 'align', label: 'field.align', kind: 'select', in: STYLE, optionLabel: option('align') };
const padding: Authored = { key: 'padding', label: 'field.padding', kind: 'text', in: STYLE };
const background = color('backgroundColor', 'field.backgroundColor');
const radius: Authored = { key: 'borderRadius', label: 'field.borderRadius', kind: 'number', in: STYLE };
const hasBorder = (border: Record<string, unknown>) => border.style !== undefined;
/** A border is all three or none: its style (or Default: none) shows the width and colour. */
const border: Authored[] = [
  { key: 'style', label: 'field.border', kind: 'select', in: BORDER, optionLabel: option('line') },
  { key: 'width', label: 'field.borderWidth', kind: 'number', in: BORDER, required: true, when: hasBorder },
  { ...color('color', 'field.borderColor', BORDER), required: true, when: hasBorder },
];
const fontFamily: Authored = { key: 'fontFamily', label: 'field.fontFamily', kind: 'text', in: STYLE };
const fontSize: Authored = { key: 'fontSize', label: 'field.fontSize', kind: 'number', in: STYLE };
const fontWeight: Authored = { key: 'fontWeight', label: 'field.fontWeight', kind: 'select', in: STYLE };
const alt: Authored = { key: 'alt', label: 'field.alt', kind: 'text' };
const href: Authored = { key: 'href', label: 'field.href', kind: 'url' };
const width: Authored = { key: 'width', label: 'field.width', kind: 'number' };
const lineHeight: Authored = { key: 'lineHeight', label: 'field.lineHeight', kind: 'number', in: STYLE, step: 0.1 };
const textStyle: Authored[] = [
  { key: 'textAlign', label: 'field.textAlign', kind: 'select', in: STYLE, optionLabel: option('align') },
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
const boxStyle: Authored[] = [align, padding, background, ...border, radius];
const buttonStyle: Authored[] = [
  color('buttonColor', 'field.buttonColor'),
  color('color', 'field.color'),
  fontFamily,
  fontSize,
  fontWeight,
  { key: 'innerPadding', label: 'field.innerPadding', kind: 'text', in: STYLE },
  ...border,
  radius,
  { key: 'fullWidth', label: 'field.fullWidth', kind: 'checkbox', in: STYLE },
  align,
  padding,
];

const BLOCK_PROPERTIES: Record<BlockType, Authored[]> = {
  text: textStyle,
  heading: [{ key: 'level', label: 'field.level', kind: 'select' }, ...textStyle],
  image: [{ key: 'src', label: 'field.src', kind: 'url' }, alt, href, width, ...boxStyle],
  button: [{ key: 'text', label: 'field.buttonText', kind: 'text' }, href, ...buttonStyle],
  divider: [
    color('color', 'field.lineColor'),
    { key: 'thickness', label: 'field.thickness', kind: 'number', in: STYLE },
    { key: 'lineStyle', label: 'field.lineStyle', kind: 'select', in: STYLE, optionLabel: option('line') },
    { key: 'width', label: 'field.widthPercent', kind: 'number', in: STYLE },
    align,
    padding,
  ],
  spacer: [{ key: 'height', label: 'field.height', kind: 'number' }],
  social: [
    align,
    { key: 'iconSize', label: 'field.iconSize', kind: 'number', in: STYLE },
    { key: 'showLabels', label: 'field.showLabels', kind: 'checkbox', in: STYLE },
    color('color', 'field.color'),
    fontFamily,
    fontSize,
    padding,
  ],
  menu: [{ key: 'separator', label: 'field.separator', kind: 'text', in: STYLE }, color('color', 'field.linkColor'), fontFamily, fontSize, fontWeight, align, padding],
  html: [{ key: 'html', label: 'field.html', kind: 'textarea' }, padding, background, ...border, radius],
  video: [
    { key: 'url', label: 'field.videoUrl', kind: 'url' },
    { key: 'thumbnail', label: 'field.thumbnail', kind: 'url' },
    alt,
    width,
    ...boxStyle,
  ],
  form: [
    { key: 'submitText', label: 'field.submitText', kind: 'text' },
    { key: 'action', label: 'field.action', kind: 'url' },
    { key: 'successMessage', label: 'field.successMessage', kind: 'text' },
    ...buttonStyle,
  ],
};

/** The properties the design document allows per block type (docs/design-document.md, Blocks and Styles). */
export const BLOCK_FIELDS = Object.fromEntries(BLOCK_TYPES.map((type) => [type, defined(`${type}Block`, BLOCK_PROPERTIES[type])])) as Record<BlockType, FieldSpec[]>;

/** A row's fields; printed documents add page breaks. */
export function rowFields(mode: DesignMode): FieldSpec[] {
  return defined('row', [
    background,
    color('contentBackgroundColor', 'field.contentBackgroundColor'),
    padding,
    ...border,
    radius,
    { key: 'fullWidth', label: 'field.fullWidth', kind: 'checkbox', in: STYLE },
    { key: 'hideOn', label: 'field.hideOn', kind: 'select', optionLabel: option('hideOn') },
    { key: 'stackOnMobile', label: 'field.stackOnMobile', kind: 'checkbox', trueWhenAbsent: true },
    ...(mode === 'document'
      ? [
          { key: 'breakBefore', label: 'field.breakBefore', kind: 'checkbox' } as const,
          { key: 'keepTogether', label: 'field.keepTogether', kind: 'checkbox' } as const,
        ]
      : []),
  ]);
}

export const COLUMN_FIELDS = defined('column', [
  { key: 'verticalAlign', label: 'field.verticalAlign', kind: 'select', in: STYLE, optionLabel: option('verticalAlign') },
  padding,
  background,
  ...border,
  radius,
]);

/** An email laid out at a fixed width (the body's `fixedWidth`): only emails have one. */
const EMAIL_FIXED_WIDTH: Authored = { key: 'fixedWidth', label: 'field.fixedWidth', kind: 'checkbox' };

/** The body's style, every mode's fields. */
export const BODY_FIELDS = defined(
  'body',
  [
  color('backgroundColor', 'field.backgroundColor', []),
  color('contentBackgroundColor', 'field.contentBackgroundColor', []),
  { key: 'contentWidth', label: 'field.contentWidth', kind: 'number' },
  EMAIL_FIXED_WIDTH,
  { ...fontFamily, in: [] },
  { ...fontSize, in: [] },
  color('color', 'field.color', []),
  color('linkColor', 'field.linkColor', []),
  { ...lineHeight, in: [] },
  ],
  ['style'],
);

/** The body's style fields of a mode: a fixed width is an email's. */
export const bodyFields = (mode: DesignMode): FieldSpec[] => (mode === 'email' ? BODY_FIELDS : BODY_FIELDS.filter((field) => field.key !== EMAIL_FIXED_WIDTH.key));

const TRIGGER = ['trigger'] as const;
const OVERLAY = ['overlay'] as const;
const CLOSE = ['closeButton'] as const;
const FREQUENCY = ['frequency'] as const;
const MARGINS = ['margins'] as const;

/** One of a printed document's page margins, in mm (its bounds are the definition's). */
const margin = (key: string, label: PlainKey): Authored => ({ key, label, kind: 'number', in: MARGINS });

/** What a popup does on the page: when it opens, how often, its overlay and its close button. */
const POPUP_BEHAVIOUR: Authored[] = [
  { key: 'type', label: 'field.trigger', kind: 'select', in: TRIGGER, optionLabel: option('trigger') },
  { key: 'seconds', label: 'field.triggerSeconds', kind: 'number', in: TRIGGER, when: (trigger) => trigger.type === 'delay' },
  { key: 'percent', label: 'field.triggerPercent', kind: 'number', in: TRIGGER, when: (trigger) => trigger.type === 'scroll' },
  { key: 'type', label: 'field.frequency', kind: 'select', in: FREQUENCY, optionLabel: option('frequency') },
  { key: 'days', label: 'field.frequencyDays', kind: 'number', in: FREQUENCY, required: true, when: (frequency) => frequency.type === 'everyDays' },
  { key: 'show', label: 'field.overlayShow', kind: 'checkbox', in: OVERLAY },
  { ...color('color', 'field.overlayColor', OVERLAY), when: (overlay) => overlay.show === true },
  { key: 'opacity', label: 'field.overlayOpacity', kind: 'number', in: OVERLAY, step: 0.05, when: (overlay) => overlay.show === true },
  { key: 'closeOnClick', label: 'field.overlayCloseOnClick', kind: 'checkbox', in: OVERLAY, trueWhenAbsent: true, when: (overlay) => overlay.show === true },
  { key: 'show', label: 'field.closeShow', kind: 'checkbox', in: CLOSE, trueWhenAbsent: true },
  { ...color('color', 'field.closeColor', CLOSE), when: (close) => close.show !== false },
  { key: 'position', label: 'field.closePosition', kind: 'select', in: CLOSE, optionLabel: option('closePosition'), when: (close) => close.show !== false },
];

/** The settings of each mode (docs/design-document.md, Settings). */
const SETTINGS_PROPERTIES: Record<DesignMode, Authored[]> = {
  email: [
    { key: 'subject', label: 'field.subject', kind: 'text' },
    { key: 'preheader', label: 'field.preheader', kind: 'text' },
  ],
  page: [
    { key: 'title', label: 'field.pageTitle', kind: 'text' },
    { key: 'description', label: 'field.description', kind: 'text' },
  ],
  popup: [
    { key: 'label', label: 'field.popupLabel', kind: 'text' },
    { key: 'position', label: 'field.position', kind: 'select', optionLabel: option('position') },
    { key: 'width', label: 'field.width', kind: 'number' },
    { key: 'maxHeight', label: 'field.maxHeight', kind: 'number' },
    ...POPUP_BEHAVIOUR,
  ],
  document: [
    { key: 'title', label: 'field.documentTitle', kind: 'text' },
    { key: 'pageSize', label: 'field.pageSize', kind: 'select', optionLabel: option('pageSize') },
    { key: 'orientation', label: 'field.orientation', kind: 'select', optionLabel: option('orientation') },
    margin('top', 'field.marginTop'),
    margin('right', 'field.marginRight'),
    margin('bottom', 'field.marginBottom'),
    margin('left', 'field.marginLeft'),
    { key: 'pageNumbers', label: 'field.pageNumbers', kind: 'checkbox' },
  ],
};

export const SETTINGS_FIELDS = Object.fromEntries(
  Object.entries(SETTINGS_PROPERTIES).map(([mode, fields]) => [mode, defined(`${mode as DesignMode}Settings`, fields)]),
) as Record<DesignMode, FieldSpec[]>;

/** What each list's words are under in the catalogue: `list.<block type>.<word>`. */
export const LIST_WORDS = ['legend', 'item', 'moveUp', 'moveDown', 'remove', 'add'] as const;

/** The fields of one item of a social, menu or form block's list. */
export const LIST_ITEM_FIELDS = {
  social: defined('socialBlock', [
    { key: 'network', label: 'field.network', kind: 'select', optionLabel: option('network') },
    { key: 'href', label: 'field.address', kind: 'url' },
    { key: 'label', label: 'field.label', kind: 'text' },
  ], ['links', '*']),
  menu: defined('menuBlock', [{ key: 'text', label: 'field.text', kind: 'text' }, href], ['items', '*']),
  form: defined('formField', [
    { key: 'label', label: 'field.label', kind: 'text' },
    { key: 'name', label: 'field.formName', kind: 'text' },
    { key: 'kind', label: 'field.formKind', kind: 'select', optionLabel: option('formKind') },
    { key: 'placeholder', label: 'field.placeholder', kind: 'text' },
    { key: 'required', label: 'field.required', kind: 'checkbox' },
  ]),
} satisfies Record<'social' | 'menu' | 'form', FieldSpec[]>;

/** The words of one choice of a form's select field. */
export const FORM_CHOICE_FIELD = defined('formField', [{ key: 'label', label: 'field.choice', kind: 'text' }], ['options', '*'])[0];
