import { Type } from '@sinclair/typebox';
import { Closed, OneOf } from './kit';

// Per-device styles: what a row or a block may look like on phones instead (`phone`), and
// where it is left out (`hideOn`). A phone override names only properties of the layout
// (room, size, alignment, order); colours, fonts and content are the same on every screen.
// A phone is a screen narrower than the design's breakpoint (480 px for email, 640 px for
// page, popup and document); Outlook for Windows, which reads no media query, shows the desktop design.

const padding = Type.Optional(Type.Ref('padding'));
const fontSize = Type.Optional(Type.Ref('fontSize'));
const align = Type.Optional(Type.Ref('align'));
const overrides = (what: string) => ({ description: `Phone overrides of ${what}; each replaces the style's value on phones.` });

export const DEVICES = {
  hideOn: OneOf(['mobile', 'desktop']),
  textPhone: Closed(
    { padding, fontSize, lineHeight: Type.Optional(Type.Ref('lineHeight')), textAlign: Type.Optional(Type.Ref('textAlign')) },
    overrides('a text or heading block'),
  ),
  imagePhone: Closed(
    { padding, align, width: Type.Optional(Type.Integer({ description: 'Display width in px on phones, at most the screen.', minimum: 1, maximum: 1200 })) },
    overrides('an image or video block'),
  ),
  buttonPhone: Closed(
    { padding, align, fontSize, fullWidth: Type.Optional(Type.Boolean({ description: 'The button spans its column on phones (or not, with false).' })) },
    overrides('a button or form block'),
  ),
  linksPhone: Closed({ padding, align, fontSize }, overrides('a social or menu block')),
  boxPhone: Closed({ padding, align }, overrides('a divider or html block')),
  spacerPhone: Closed({ height: Type.Optional(Type.Integer({ minimum: 1, maximum: 400 })) }, overrides('a spacer')),
  rowPhone: Closed(
    {
      padding,
      reverseColumns: Type.Optional(Type.Boolean({ description: 'Stacked columns come last to first on phones (a row whose columns stack).' })),
    },
    overrides('a row'),
  ),
};
