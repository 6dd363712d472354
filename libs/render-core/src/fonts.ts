import type { DesignDocument } from '@embed/design-document';
import { cssString } from './css';
import { attributes, type AttributesWriter } from './html';

/** Stylesheet addresses of the document's web fonts, in order. */
export const fontUrls = (document: DesignDocument) => (document.body.fonts ?? []).map((font) => font.url);

/** A web font's stylesheet link, its address written by `write`. */
export const fontLink = (url: string, write: AttributesWriter = attributes) => `<link rel="stylesheet"${write({ href: url })}>`;

/**
 * An email's web fonts: each linked, and imported again for the clients that drop links
 * but keep styles, all hidden from Outlook for Windows (a web font first in a font stack
 * makes it fall back to Times New Roman). Written here rather than by mrml's mj-font, which
 * copies the address as written in the MJML into an unquoted @import url(): character
 * references and all (`&amp;` reached the stylesheet's address), and a `)` could end it.
 */
export function emailFontsHtml(urls: string[], write: AttributesWriter): string {
  const imports = urls.map((url) => `@import ${cssString(url)};`).join('');
  return `<!--[if !mso]><!-->${urls.map((url) => fontLink(url, write)).join('')}<style type="text/css">${imports}</style><!--<![endif]-->`;
}
