import { Type } from '@sinclair/typebox';
import { Closed, OneOf, Tagged } from './kit';
import { translations } from './languages';

export const SOCIAL_NETWORKS = [
  'facebook', 'x', 'instagram', 'linkedin', 'youtube', 'pinterest', 'github',
  'vimeo', 'medium', 'dribbble', 'snapchat', 'tumblr', 'soundcloud', 'web',
] as const;

export const LINE_STYLES = ['solid', 'dashed', 'dotted'] as const;

const id = Type.Optional(Type.Ref('id'));
const hideOn = Type.Optional(Type.Ref('hideOn'));
/** A block's tag, its id, and where it shows: hidden on phones or desktops, and its phone overrides (devices.ts). */
const block = <T extends string, P extends string>(type: T, phone: P) => ({ type: Type.Literal(type), id, hideOn, phone: Type.Optional(Type.Ref(phone)) });
/** Display width in px, at most the widest content. */
const displayWidth = (description?: string) => Type.Optional(Type.Integer({ description, minimum: 1, maximum: 1200 }));

export const BLOCKS = {
  textBlock: Closed({
    ...block('text', 'textPhone'),
    content: Type.Array(Tagged('type', [Type.Ref('paragraph'), Type.Ref('list')]), { maxItems: 200 }),
    style: Type.Optional(Type.Ref('textStyle')),
    translations: translations('textTranslation'),
  }),
  headingBlock: Closed({
    ...block('heading', 'textPhone'),
    level: OneOf([1, 2, 3, 4]),
    content: Type.Ref('inlines'),
    style: Type.Optional(Type.Ref('textStyle')),
    translations: translations('headingTranslation'),
  }),
  imageBlock: Closed({
    ...block('image', 'imagePhone'),
    src: Type.Ref('imageUrl'),
    alt: Type.Optional(Type.Ref('shortText')),
    href: Type.Optional(Type.Ref('href')),
    width: displayWidth("Display width in px; the column's width when left out."),
    style: Type.Optional(Type.Ref('boxStyle')),
    translations: translations('altTranslation'),
  }),
  buttonBlock: Closed({
    ...block('button', 'buttonPhone'),
    text: Type.String({ minLength: 1, maxLength: 200 }),
    href: Type.Optional(Type.Ref('href')),
    style: Type.Optional(Type.Ref('buttonStyle')),
    translations: translations('buttonTranslation'),
  }),
  dividerBlock: Closed({
    ...block('divider', 'boxPhone'),
    style: Type.Optional(
      Closed({
        padding: Type.Optional(Type.Ref('padding')),
        color: Type.Optional(Type.Ref('color')),
        thickness: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
        lineStyle: Type.Optional(OneOf(LINE_STYLES)),
        width: Type.Optional(Type.Integer({ description: 'percent of the column', minimum: 1, maximum: 100 })),
        align: Type.Optional(Type.Ref('align')),
      }),
    ),
  }),
  spacerBlock: Closed({ ...block('spacer', 'spacerPhone'), height: Type.Integer({ minimum: 1, maximum: 400 }) }),
  socialBlock: Closed({
    ...block('social', 'linksPhone'),
    links: Type.Array(
      Closed({ network: OneOf(SOCIAL_NETWORKS), href: Type.Ref('url'), label: Type.Optional(Type.String({ maxLength: 100 })) }),
      { minItems: 1, maxItems: 12 },
    ),
    style: Type.Optional(
      Closed({
        padding: Type.Optional(Type.Ref('padding')),
        align: Type.Optional(Type.Ref('align')),
        iconSize: Type.Optional(Type.Integer({ minimum: 16, maximum: 64 })),
        showLabels: Type.Optional(Type.Boolean()),
        color: Type.Optional(Type.Ref('color')),
        fontFamily: Type.Optional(Type.Ref('fontFamily')),
        fontSize: Type.Optional(Type.Ref('fontSize')),
      }),
    ),
    translations: translations('socialTranslation'),
  }),
  menuBlock: Closed({
    ...block('menu', 'linksPhone'),
    items: Type.Array(Closed({ text: Type.String({ minLength: 1, maxLength: 100 }), href: Type.Optional(Type.Ref('href')) }), { minItems: 1, maxItems: 12 }),
    style: Type.Optional(
      Closed({
        padding: Type.Optional(Type.Ref('padding')),
        align: Type.Optional(Type.Ref('align')),
        separator: Type.Optional(Type.String({ maxLength: 5 })),
        color: Type.Optional(Type.Ref('color')),
        fontFamily: Type.Optional(Type.Ref('fontFamily')),
        fontSize: Type.Optional(Type.Ref('fontSize')),
        fontWeight: Type.Optional(Type.Ref('fontWeight')),
      }),
    ),
    translations: translations('menuTranslation'),
  }),
  htmlBlock: Closed({
    ...block('html', 'boxPhone'),
    html: Type.String({ description: 'Raw HTML; scripts, event handlers and unsafe URLs are taken out when rendered.', maxLength: 100000 }),
    style: Type.Optional(Type.Ref('boxStyle')),
    translations: translations('htmlTranslation'),
  }),
  videoBlock: Closed({
    ...block('video', 'imagePhone'),
    url: Type.Ref('webUrl'),
    thumbnail: Type.Ref('imageUrl'),
    alt: Type.Optional(Type.Ref('shortText')),
    width: displayWidth(),
    style: Type.Optional(Type.Ref('boxStyle')),
    translations: translations('altTranslation'),
  }),
  formField: Closed({
    name: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$' }),
    label: Type.String({ minLength: 1, maxLength: 200 }),
    kind: OneOf(['text', 'email', 'tel', 'number', 'textarea', 'checkbox', 'select']),
    required: Type.Optional(Type.Boolean()),
    placeholder: Type.Optional(Type.String({ maxLength: 200 })),
    options: Type.Optional(
      Type.Array(Closed({ value: Type.String({ maxLength: 200 }), label: Type.String({ minLength: 1, maxLength: 200 }) }), {
        description: 'Choices of a select field.',
        maxItems: 50,
      }),
    ),
  }),
  formBlock: Closed(
    {
      ...block('form', 'buttonPhone'),
      fields: Type.Array(Type.Ref('formField'), { minItems: 1, maxItems: 20 }),
      submitText: Type.String({ minLength: 1, maxLength: 100 }),
      action: Type.Optional(Type.Ref('webUrl')),
      successMessage: Type.Optional(Type.String({ maxLength: 500 })),
      style: Type.Optional(Type.Ref('buttonStyle')),
      translations: translations('formTranslation'),
    },
    { description: 'A form; only in page and popup designs.' },
  ),
  block: Tagged('type', [
    Type.Ref('textBlock'),
    Type.Ref('headingBlock'),
    Type.Ref('imageBlock'),
    Type.Ref('buttonBlock'),
    Type.Ref('dividerBlock'),
    Type.Ref('spacerBlock'),
    Type.Ref('socialBlock'),
    Type.Ref('menuBlock'),
    Type.Ref('htmlBlock'),
    Type.Ref('videoBlock'),
    Type.Ref('formBlock'),
  ]),
  blocks: Type.Array(Type.Ref('block'), { maxItems: 50 }),
};
