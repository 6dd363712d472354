import type { BrandKit } from '@embed/contracts';
import { webFontFamily } from '@embed/contracts/brand-kit-values';
import type { DesignDocument } from '@embed/design-document/model';

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

