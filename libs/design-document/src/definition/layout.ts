import { Type } from '@sinclair/typebox';
import { FRAME } from './content';
import { Closed, OneOf } from './kit';

// The body: rows of columns holding blocks, its web fonts and style.

export const LAYOUT = {
  column: Closed({
    id: Type.Optional(Type.Ref('id')),
    ratio: Type.Optional(Type.Integer({ description: "Share of the row's width against its sibling columns; 1 when left out.", minimum: 1, maximum: 12 })),
    blocks: Type.Ref('blocks'),
    style: Type.Optional(
      Closed({
        ...FRAME,
        verticalAlign: Type.Optional(OneOf(['top', 'middle', 'bottom'])),
      }),
    ),
  }),
  row: Closed({
    id: Type.Optional(Type.Ref('id')),
    columns: Type.Array(Type.Ref('column'), { minItems: 1, maxItems: 4 }),
    stackOnMobile: Type.Optional(Type.Boolean({ description: 'Columns stack on narrow screens; true when left out.' })),
    hideOn: Type.Optional(Type.Ref('hideOn')),
    phone: Type.Optional(Type.Ref('rowPhone')),
    breakBefore: Type.Optional(Type.Boolean({ description: 'document: start this row on a new page.' })),
    keepTogether: Type.Optional(Type.Boolean({ description: 'document: never split this row across pages.' })),
    locked: Type.Optional(
      Type.Boolean({
        description: 'Only the integrator’s server changes, moves or deletes this row: the editor shows it read-only, and a save through the editor API that changes it is refused (409 row_locked).',
      }),
    ),
    syncedRowId: Type.Optional(
      Type.String({
        description: 'A synced project row (`row_` and 26 letters and digits): the design shows and renders that saved row’s current content in place of its own, which is the last copy kept.',
        pattern: '^row_[0-9a-z]{26}$',
      }),
    ),
    syncedTextsEditable: Type.Optional(
      Type.Boolean({
        description:
          'Set by the integrator on a synced project row: a person may edit the texts of its blocks (text and heading content, button text) and their translations, which each design keeps as its own while the rest follows the project row.',
      }),
    ),
    style: Type.Optional(
      Closed({
        padding: Type.Optional(Type.Ref('padding')),
        backgroundColor: Type.Optional(Type.Ref('color')),
        backgroundImage: Type.Optional(Type.Ref('backgroundImage')),
        contentBackgroundColor: Type.Optional(Type.Ref('color')),
        border: Type.Optional(Type.Ref('border')),
        borderRadius: Type.Optional(Type.Ref('borderRadius')),
        fullWidth: Type.Optional(Type.Boolean()),
      }),
    ),
  }),
  webFont: Closed({ family: Type.String({ pattern: '^[A-Za-z0-9 -]{1,100}$' }), url: Type.Ref('fontStylesheetUrl') }),
  body: Closed({
    rows: Type.Array(Type.Ref('row'), { maxItems: 200 }),
    fonts: Type.Optional(Type.Array(Type.Ref('webFont'), { maxItems: 5 })),
    style: Type.Optional(
      Closed({
        backgroundColor: Type.Optional(Type.Ref('color')),
        contentBackgroundColor: Type.Optional(Type.Ref('color')),
        contentWidth: Type.Optional(
          Type.Integer({
            description: 'px; 600 for email, 1080 for page, 480 for popup (settings.width wins), the printable width for document when left out.',
            minimum: 320,
            maximum: 1600,
          }),
        ),
        fixedWidth: Type.Optional(
          Type.Boolean({
            description:
              'email: the content keeps its width on every screen, as an email laid out at a fixed width does (a phone shows it past its side, for the mail app to zoom out or scroll); left out, it narrows to a screen narrower than it.',
          }),
        ),
        fontFamily: Type.Optional(Type.Ref('fontFamily')),
        fontSize: Type.Optional(Type.Ref('fontSize')),
        color: Type.Optional(Type.Ref('color')),
        linkColor: Type.Optional(Type.Ref('color')),
        lineHeight: Type.Optional(Type.Ref('lineHeight')),
      }),
    ),
  }),
};
