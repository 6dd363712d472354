import type { BlockType } from '@embed/design-document/model';
import type { PlainKey } from '../i18n';

/** The catalogue key of each block type's name: the Blocks toolbar's button names (contracts §7: `Text`, `Heading`... in en). */
export const BLOCK_LABELS: Record<BlockType, PlainKey> = {
  text: 'block.text',
  heading: 'block.heading',
  image: 'block.image',
  button: 'block.button',
  divider: 'block.divider',
  spacer: 'block.spacer',
  social: 'block.social',
  menu: 'block.menu',
  html: 'block.html',
  video: 'block.video',
  form: 'block.form',
};
