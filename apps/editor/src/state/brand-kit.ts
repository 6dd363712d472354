import type { BrandKit } from '@embed/contracts';
import { webFontFamily } from '@embed/contracts/brand-kit-values';
import type { Block, DesignDocument, WebFont } from '@embed/design-document/model';

/** The most web fonts a design's body lists (the document's rule). */
const MAX_WEB_FONTS = 5;

/**
 * A blank design in the project's brand: the kit's text style and link colour as the
 * body's, and the kit's web fonts its font stacks name (text and button) listed in
 * `body.fonts`, so that the canvas and every render load them. A kit with none of these
 * leaves the design as it was.
 */
export function brandedBlank(doc: DesignDocument, kit: BrandKit): DesignDocument {
  const style = { ...doc.body.style, ...kit.text, ...(kit.link.color !== undefined && { linkColor: kit.link.color }) };
  const named = [kit.text.fontFamily, kit.button.fontFamily];
  const fonts = kit.fonts
    .filter((font) => font.url !== undefined && named.includes(font.stack))
    .map((font) => ({ family: webFontFamily(font), url: font.url as string }))
    .slice(0, MAX_WEB_FONTS);
  const body = { ...doc.body, ...(Object.keys(style).length > 0 && { style }), ...(fonts.length > 0 && { fonts }) };
  return { ...doc, body } as DesignDocument;
}


/** A new block in the brand: a button takes the kit's button style; every other block, and a kit with no button style, leave it as it was. */
export function brandedBlock(block: Block, kit: BrandKit | null): Block {
  if (block.type !== 'button' || !kit || Object.keys(kit.button).length === 0) return block;
  return { ...block, style: { ...block.style, ...kit.button } };
}

/** Every font stack the document names (`fontFamily` of its body, rows, columns and blocks), found in one walk. */
function stacksIn(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) stacksIn(item, found);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'fontFamily' && typeof inner === 'string') found.add(inner);
      else stacksIn(inner, found);
    }
  }
  return found;
}

/**
 * The body's web fonts with those of the kit that the document uses and does not list yet
 * (a kit stack picked in a font field, a new button in the kit's font), so that the canvas
 * and every render load them; null when nothing is missing or the body has no room left.
 */
export function kitFontsToList(doc: DesignDocument, kit: BrandKit | null): WebFont[] | null {
  if (!kit) return null;
  const listed = doc.body.fonts ?? [];
  const used = stacksIn(doc, new Set());
  const missing = kit.fonts
    .filter((font) => font.url !== undefined && used.has(font.stack))
    .map((font) => ({ family: webFontFamily(font), url: font.url as string }))
    .filter((font) => !listed.some((each) => each.family === font.family));
  const fonts = [...listed, ...missing].slice(0, MAX_WEB_FONTS);
  return fonts.length > listed.length ? fonts : null;
}
