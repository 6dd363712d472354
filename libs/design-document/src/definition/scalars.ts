import { Type } from '@sinclair/typebox';
import { LINE_STYLES } from './blocks';
import { ADDRESS_CHARACTER, LINK_ADDRESS_SOURCES } from '../links';
import { MERGE_TAG_SOURCE } from '../merge-tags';
import { Closed, OneOf } from './kit';

// The document's small values: addresses, colours, sizes, words. Each is a named entry of
// the schema ($defs), so that an error or an editor field can name the rule it breaks.

/** An address may start with a merge tag (`{{unsubscribe_url}}`), filled in when rendered. */
const LEADING_MERGE_TAG = `${MERGE_TAG_SOURCE}${ADDRESS_CHARACTER}*`;
/** A link: an address of one of the link schemes, an anchor in the page, or one that starts with a merge tag. */
const LINK = [...LINK_ADDRESS_SOURCES, '#[A-Za-z0-9_-]{1,64}', LEADING_MERGE_TAG].join('|');

export const SCALARS = {
  id: Type.String({ description: 'A stable identifier chosen by the editor.', pattern: '^[A-Za-z0-9_-]{1,64}$' }),
  url: Type.String({
    description: 'A link address: http(s), mailto, tel, an anchor in the same page (#id), or one that starts with a merge tag such as {{unsubscribe_url}}.',
    maxLength: 2048,
    pattern: `^(?:${LINK})$`,
  }),
  href: Type.String({
    description: 'A link address as in url, or empty while the author has not set one (rendered without a link, with a warning).',
    maxLength: 2048,
    pattern: `^(?:|${LINK})$`,
  }),
  webUrl: Type.String({ description: 'An http(s) address.', maxLength: 2048, pattern: `^https?://${ADDRESS_CHARACTER}+$` }),
  imageUrl: Type.String({
    description: 'An image: http(s), a merge tag, or an inline data: image (rendered, with a warning).',
    maxLength: 1500000,
    pattern: `^(?:https?://${ADDRESS_CHARACTER}+|data:image/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+|${LEADING_MERGE_TAG})$`,
  }),
  fontStylesheetUrl: Type.String({ description: 'A web-font stylesheet, https only.', maxLength: 2048, pattern: `^https://${ADDRESS_CHARACTER}+$` }),
  color: Type.String({ pattern: '^(?:#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|transparent)$' }),
  padding: Type.String({
    description: 'CSS padding in px, one to four values: "10px", "10px 20px", "0px 10px 20px 10px".',
    pattern: '^\\d{1,3}px(?: \\d{1,3}px){0,3}$',
  }),
  fontFamily: Type.String({ description: 'A CSS font stack.', pattern: "^[A-Za-z0-9 ,'-]{1,200}$" }),
  fontSize: Type.Integer({ minimum: 8, maximum: 96 }),
  fontWeight: OneOf([300, 400, 500, 600, 700, 800]),
  lineHeight: Type.Number({ minimum: 0.8, maximum: 3 }),
  align: OneOf(['left', 'center', 'right']),
  textAlign: OneOf(['left', 'center', 'right', 'justify']),
  border: Closed(
    {
      width: Type.Integer({ minimum: 0, maximum: 20 }),
      style: OneOf(LINE_STYLES),
      color: Type.Ref('color'),
    },
  ),
  borderRadius: Type.Integer({ description: 'px; 999 makes a pill', minimum: 0, maximum: 999 }),
  backgroundImage: Closed(
    {
      url: Type.Ref('webUrl'),
      size: Type.Optional(OneOf(['cover', 'contain', 'auto'])),
      position: Type.Optional(OneOf(['top', 'center', 'bottom'])),
      repeat: Type.Optional(Type.Boolean()),
    },
  ),
  plainText: Type.String({ maxLength: 10000 }),
  shortText: Type.String({ maxLength: 500 }),
};
