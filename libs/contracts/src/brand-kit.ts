import { type Static, Type } from '@sinclair/typebox';
import { DOCUMENT_SCALARS as rule } from '@embed/design-document/model';
import { webFontFamily } from './brand-kit-values';
import { describing, Strict, TenantScopeSchema, TimeSchema } from './schema';

export { EMPTY_BRAND_KIT, webFontFamily } from './brand-kit-values';

/**
 * The project's brand kit (issue 32), one per project and environment: the colours, fonts,
 * logo and default styles the integrator's server sets for the editor to offer first (or
 * only, with `paletteOnly`), for new designs to start with, and for the design checks to
 * hold colours against. Its values follow the design document's own rules (colours, font
 * stacks, https font stylesheets), so whatever the kit offers a design can hold.
 */
export const BRAND_KIT_SUBJECTS = {
  get: 'designs.brand-kit.get.v1',
  put: 'designs.brand-kit.put.v1',
} as const;

/** Bounds of a kit: a palette and a font list a picker can show at once. */
export const BRAND_KIT_LIMITS = { colors: 24, fonts: 10 } as const;

// The kit's shapes are written out as interfaces (the Node client publishes them, with no
// TypeBox), each tied to its schema by `describing`. Its parts have no title: a body shows
// them strict and an answer open, so they cannot be one component.

/** A font the kit offers: a CSS font stack, and for a web font its stylesheet (https). */
export interface BrandFont {
  stack: string;
  url?: string;
}
export const BrandFontSchema = describing<BrandFont>()(
  Strict({
    stack: Type.String({ ...rule.fontFamily, description: 'A CSS font stack, as a design’s `fontFamily` holds it: `Inter, Helvetica, Arial, sans-serif`.' }),
    url: Type.Optional(Type.String({ ...rule.fontStylesheetUrl, description: 'A web-font stylesheet (https) whose family is the stack’s first font; a web-safe stack has none.' })),
  }),
);

/** The body's text as a new design takes it. */
export interface BrandTextStyle {
  fontFamily?: string;
  fontSize?: number;
  color?: string;
  lineHeight?: number;
}
export const BrandTextStyleSchema = describing<BrandTextStyle>()(
  Strict({
    fontFamily: Type.Optional(rule.fontFamily),
    fontSize: Type.Optional(rule.fontSize),
    color: Type.Optional(rule.color),
    lineHeight: Type.Optional(rule.lineHeight),
  }),
);

export interface BrandLinkStyle {
  color?: string;
}
export const BrandLinkStyleSchema = describing<BrandLinkStyle>()(Strict({ color: Type.Optional(rule.color) }));

/** A new button's style. */
export interface BrandButtonStyle {
  buttonColor?: string;
  color?: string;
  borderRadius?: number;
  innerPadding?: string;
  fontFamily?: string;
  fontSize?: number;
  fontWeight?: 300 | 400 | 500 | 600 | 700 | 800;
}
export const BrandButtonStyleSchema = describing<BrandButtonStyle>()(
  Strict({
    buttonColor: Type.Optional(rule.color),
    color: Type.Optional(rule.color),
    borderRadius: Type.Optional(rule.borderRadius),
    innerPadding: Type.Optional(rule.padding),
    fontFamily: Type.Optional(rule.fontFamily),
    fontSize: Type.Optional(rule.fontSize),
    fontWeight: Type.Optional(rule.fontWeight),
  }),
);

const kitFields = {
  colors: Type.Array(rule.color, { maxItems: BRAND_KIT_LIMITS.colors, description: 'The palette, in the order pickers show it.' }),
  fonts: Type.Array(BrandFontSchema, { maxItems: BRAND_KIT_LIMITS.fonts, description: 'Offered first by font pickers, in this order.' }),
  // An https address, by the rule of a font stylesheet's: the editor shows the logo on its https page.
  logoUrl: Type.Union([Type.String({ ...rule.fontStylesheetUrl, description: 'The brand’s logo image (https).' }), Type.Null()], { description: 'The brand’s logo image (https), or null.' }),
  text: BrandTextStyleSchema,
  link: BrandLinkStyleSchema,
  button: BrandButtonStyleSchema,
  paletteOnly: Type.Boolean({ description: 'Colour pickers offer only the palette (no free choice); needs a palette.' }),
  fontsOnly: Type.Boolean({ description: 'Font fields offer only the kit’s fonts (no free text); needs at least one font.' }),
};

export interface BrandKit {
  colors: string[];
  fonts: BrandFont[];
  logoUrl: string | null;
  text: BrandTextStyle;
  link: BrandLinkStyle;
  button: BrandButtonStyle;
  paletteOnly: boolean;
  fontsOnly: boolean;
  /** When it was last set; null while the project's environment has none (the empty kit). */
  updatedAt: string | null;
}
export const BrandKitSchema = describing<BrandKit>()(Strict({ ...kitFields, updatedAt: Type.Union([TimeSchema, Type.Null()]) }, { title: 'BrandKit' }));

/** What `PUT /embed/v1/brand-kit` takes: the whole kit, a field left out taking its empty value. */
export interface BrandKitContent {
  colors: string[];
  fonts?: BrandFont[];
  logoUrl?: string | null;
  text?: BrandTextStyle;
  link?: BrandLinkStyle;
  button?: BrandButtonStyle;
  paletteOnly?: boolean;
  fontsOnly?: boolean;
}
export const BrandKitContentSchema = describing<BrandKitContent>()(
  Strict(
    {
      colors: kitFields.colors,
      fonts: Type.Optional(kitFields.fonts),
      logoUrl: Type.Optional(kitFields.logoUrl),
      text: Type.Optional(kitFields.text),
      link: Type.Optional(kitFields.link),
      button: Type.Optional(kitFields.button),
      paletteOnly: Type.Optional(kitFields.paletteOnly),
      fontsOnly: Type.Optional(kitFields.fontsOnly),
    },
    { title: 'BrandKitBody' },
  ),
);

export const BrandKitRequestSchema = Strict({ scope: TenantScopeSchema });
export type BrandKitRequest = Static<typeof BrandKitRequestSchema>;
export const PutBrandKitRequestSchema = Strict({ scope: TenantScopeSchema, kit: BrandKitContentSchema });
export type PutBrandKitRequest = Static<typeof PutBrandKitRequestSchema>;

/** A web font's family as the design document names it in `body.fonts`. */
const WEB_FONT_FAMILY = /^[A-Za-z0-9 -]{1,100}$/;


/**
 * What a kit's schema cannot say of it: a font stylesheet's family must be a name a design's
 * web fonts can hold, `paletteOnly` needs a palette and `fontsOnly` a font. The field's path and the rule, or
 * null when the kit is sound.
 */
export function brandKitProblem(kit: BrandKitContent): { field: string; message: string } | null {
  const fonts = kit.fonts ?? [];
  for (const [index, font] of fonts.entries()) {
    if (font.url !== undefined && !WEB_FONT_FAMILY.test(webFontFamily(font))) {
      return { field: `fonts.${index}.stack`, message: 'must start with the family its stylesheet brings (letters, digits, spaces and hyphens)' };
    }
  }
  if (kit.paletteOnly && kit.colors.length === 0) return { field: 'paletteOnly', message: 'needs at least one colour in colors' };
  if (kit.fontsOnly && fonts.length === 0) return { field: 'fontsOnly', message: 'needs at least one font in fonts' };
  return null;
}
