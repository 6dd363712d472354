import type { Block, DesignMode } from './types';

export type BlockType = Block['type'];

export const DESIGN_MODES = ['email', 'page', 'popup', 'document'] as const satisfies readonly DesignMode[];

/** Every block type of version 1, in the order an editor offers them (modes.spec.ts checks it against the schema). */
export const BLOCK_TYPES = [
  'text',
  'heading',
  'image',
  'button',
  'divider',
  'spacer',
  'social',
  'menu',
  'html',
  'video',
  'form',
] as const satisfies readonly BlockType[];

/** Forms submit on the page they are shown in: an email or a printed document has none. */
const FORM_MODES: readonly DesignMode[] = ['page', 'popup'];

/** Whether a design of this mode may carry this block type. */
export function modeAllowsBlock(mode: DesignMode, type: BlockType): boolean {
  return type !== 'form' || FORM_MODES.includes(mode);
}

/** The block types a design of this mode may carry, in BLOCK_TYPES's order. */
export function blockTypesFor(mode: DesignMode): BlockType[] {
  return BLOCK_TYPES.filter((type) => modeAllowsBlock(mode, type));
}
