import { Type } from '@sinclair/typebox';
import { Closed } from './kit';

// Rich text and the styles blocks share.

/** The frame around a block, a column or a text: its padding, background, border and corners. */
export const FRAME = {
  padding: Type.Optional(Type.Ref('padding')),
  backgroundColor: Type.Optional(Type.Ref('color')),
  border: Type.Optional(Type.Ref('border')),
  borderRadius: Type.Optional(Type.Ref('borderRadius')),
};

export const CONTENT = {
  inline: Closed(
    {
      text: Type.Ref('plainText'),
      bold: Type.Optional(Type.Boolean()),
      italic: Type.Optional(Type.Boolean()),
      underline: Type.Optional(Type.Boolean()),
      strike: Type.Optional(Type.Boolean()),
      color: Type.Optional(Type.Ref('color')),
      href: Type.Optional(Type.Ref('href')),
    },
    { description: 'A run of text with marks; a newline is a line break; href makes it a link.' },
  ),
  inlines: Type.Array(Type.Ref('inline'), { maxItems: 500 }),
  paragraph: Closed({ type: Type.Literal('paragraph'), content: Type.Ref('inlines') }),
  list: Closed({ type: Type.Literal('list'), ordered: Type.Boolean(), items: Type.Array(Type.Ref('inlines'), { minItems: 1, maxItems: 100 }) }),
  textStyle: Closed(
    {
      ...FRAME,
      textAlign: Type.Optional(Type.Ref('textAlign')),
      fontFamily: Type.Optional(Type.Ref('fontFamily')),
      fontSize: Type.Optional(Type.Ref('fontSize')),
      fontWeight: Type.Optional(Type.Ref('fontWeight')),
      color: Type.Optional(Type.Ref('color')),
      lineHeight: Type.Optional(Type.Ref('lineHeight')),
      linkColor: Type.Optional(Type.Ref('color')),
    },
  ),
  boxStyle: Closed(
    {
      ...FRAME,
      align: Type.Optional(Type.Ref('align')),
    },
  ),
  buttonStyle: Closed(
    {
      padding: Type.Optional(Type.Ref('padding')),
      align: Type.Optional(Type.Ref('align')),
      buttonColor: Type.Optional(Type.Ref('color')),
      color: Type.Optional(Type.Ref('color')),
      innerPadding: Type.Optional(Type.Ref('padding')),
      border: Type.Optional(Type.Ref('border')),
      borderRadius: Type.Optional(Type.Ref('borderRadius')),
      fullWidth: Type.Optional(Type.Boolean()),
      fontFamily: Type.Optional(Type.Ref('fontFamily')),
      fontSize: Type.Optional(Type.Ref('fontSize')),
      fontWeight: Type.Optional(Type.Ref('fontWeight')),
    },
  ),
};
