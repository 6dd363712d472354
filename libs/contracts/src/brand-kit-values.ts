import type { BrandFont, BrandKit } from './brand-kit';

// The brand kit's values the editor uses too: this file imports no schema, so that the
// editor's bundle takes it alone (@embed/contracts/brand-kit-values).

/** The kit a project's environment has before its server sets one. */
export const EMPTY_BRAND_KIT: BrandKit = { colors: [], fonts: [], logoUrl: null, text: {}, link: {}, button: {}, paletteOnly: false, fontsOnly: false, updatedAt: null };

/** The family a font's stylesheet brings: the stack's first font, unquoted (`Open Sans` of `'Open Sans', Arial`). */
export const webFontFamily = (font: BrandFont): string => font.stack.split(',')[0].trim().replace(/^'(.*)'$/, '$1');
