import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { SOCIAL_NETWORKS } from '@embed/design-document';
import { SOCIAL_ICON_PREFIX, socialIconFile } from '../assets';
import { declarations } from '../css';
import { attributes } from '../html';

type Node = DefaultTreeAdapterMap['node'];

// mrml writes a social icon's <img> with its width and no height: it ignores MJML's
// icon-height. Outlook for Windows draws an image without a height at its natural size,
// and our icons are drawn at 96 px for sharp screens (libs/render-core/assets), so every
// social icon of an email is given its height, the same as its width (the icons are
// square), as an attribute and in its style, with its width. The images are found by
// parsing the laid-out HTML (parse5), whatever the order mrml writes attributes in; an
// email without social icons is not parsed.

/** The laid-out email's HTML with each of the renderer's social icons (under `assets`) sized in full. */
export function withSocialIconSizes(html: string, assets: string): string {
  if (!html.includes(SOCIAL_ICON_PREFIX)) return html;
  const icons = new Set(SOCIAL_NETWORKS.map((network) => assets + socialIconFile(network)));
  const edits: { start: number; end: number; text: string }[] = [];
  const stack: Node[] = [parse(html, { sourceCodeLocationInfo: true })];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if ('childNodes' in node) stack.push(...node.childNodes);
    if (!('tagName' in node) || node.tagName !== 'img') continue;
    const values = Object.fromEntries(node.attrs.map(({ name, value }) => [name, value]));
    const size = Number.parseInt(values.width ?? '', 10);
    const places = node.sourceCodeLocation?.attrs;
    if (!icons.has(values.src ?? '') || !(size > 0) || !places?.width) continue;
    const own = values.style?.trimEnd() ?? '';
    const style = `${own}${own === '' || own.endsWith(';') ? '' : ';'}${declarations({ width: `${size}px`, height: `${size}px` })};`;
    // Each attribute rewritten where it stands (the height and the style after the width when there are none), the others as mrml wrote them.
    const at = (place: { startOffset: number; endOffset: number }, text: string) => edits.push({ start: place.startOffset, end: place.endOffset, text });
    const after = (place: { endOffset: number }, text: string) => edits.push({ start: place.endOffset, end: place.endOffset, text });
    at(places.width, `width="${size}"`);
    if (places.height) at(places.height, `height="${size}"`);
    else after(places.width, ` height="${size}"`);
    if (places.style) at(places.style, attributes({ style }).slice(1));
    else after(places.width, attributes({ style }));
  }
  edits.sort((a, b) => a.start - b.start);
  let out = '';
  let cursor = 0;
  for (const { start, end, text } of edits) {
    out += html.slice(cursor, start) + text;
    cursor = end;
  }
  return out + html.slice(cursor);
}
