import { SOCIAL_NETWORKS } from '@embed/design-document';
import { SOCIAL_ICON_PREFIX, socialIconFile } from '../assets';
import { declarations } from '../css';
import { asciiAttributes } from './attribute-values';

// mrml writes a social icon's <img> with its width and no height: it ignores MJML's
// icon-height. Outlook for Windows draws an image without a height at its natural size,
// and our icons are drawn at 96 px for sharp screens (libs/render-core/assets), so every
// social icon of an email is given its height, the same as its width (the icons are
// square), as an attribute and in its style, with its width.
//
// mrml writes the icon's attributes in one order, `src`, `width`, `style`, the source as
// the MJML gave it (mjml.ts): the icon is found by that text, which no text or attribute
// value of the email can hold (their quotes are references), rather than by parsing the
// whole laid-out email again on every cold render (0.6 ms of a 2.6 ms render of the example
// email; this way 0.05 ms), and in one pass over the email for every network (a pass each
// was 2% of a cold render of the bench's 53 KB reference email).
// The unit tests read every image of the output with parse5.

/** The laid-out email's HTML with each of the renderer's social icons (under `assets`) sized in full. */
export function withSocialIconSizes(html: string, assets: string): string {
  if (!html.includes(SOCIAL_ICON_PREFIX)) return html;
  // Every icon's source as written, up to its network's name: the attribute without its closing quote (a name needs no reference).
  const source = asciiAttributes({ src: assets + SOCIAL_ICON_PREFIX }).slice(0, -1);
  let out = '';
  let copied = 0;
  // One pass over the email: each icon's source is looked for once, whatever its network.
  for (let at = html.indexOf(source); at !== -1; at = html.indexOf(source, Math.max(copied, at + source.length))) {
    const widthStart = iconWidthStart(html, at + source.length);
    if (widthStart === -1) continue;
    const widthEnd = html.indexOf('"', widthStart);
    if (widthEnd === -1) break;
    const size = Number(html.slice(widthStart, widthEnd));
    const end = widthEnd + 1;
    if (!Number.isInteger(size) || size <= 0) {
      out += html.slice(copied, end);
      copied = end;
      continue;
    }
    let own = '';
    const styled = ' style="';
    const styleEnd = html.startsWith(styled, end) ? html.indexOf('"', end + styled.length) : -1;
    if (styleEnd !== -1) {
      own = html.slice(end + styled.length, styleEnd).trimEnd();
      if (own !== '' && !own.endsWith(';')) own += ';';
    }
    out += `${html.slice(copied, end)} height="${size}" style="${own}${declarations({ width: `${size}px`, height: `${size}px` })};"`;
    copied = styleEnd === -1 ? end : styleEnd + 1;
  }
  return out + html.slice(copied);
}

/** Where an icon's width starts, its source's network name at `at` (`… src="…social-v1-NETWORK.png" width="N"`); -1 when it is none of ours. */
function iconWidthStart(html: string, at: number): number {
  for (const network of SOCIAL_NETWORKS) {
    const rest = `${socialIconFile(network).slice(SOCIAL_ICON_PREFIX.length)}" width="`;
    if (html.startsWith(rest, at)) return at + rest.length;
  }
  return -1;
}
