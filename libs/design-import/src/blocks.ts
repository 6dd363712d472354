// Blocks every format makes the same way: text and headings from HTML, html blocks
// through the renderer's sanitizer, social networks by name.
import type { ChildNode } from 'domhandler';
import type { ButtonBlock, HeadingBlock, HtmlBlock, ImageBlock, SocialNetwork, TextBlock } from '@embed/design-document';
import { SOCIAL_NETWORKS } from '@embed/design-document';
import type { ImportWarningCode } from '@embed/contracts';
import { type SanitizerFinding, sanitizeRawHtml } from '@embed/render-core/sanitize';
import type { MergeTagReplacer } from './merge-tags';
import { inlineText, needsHtmlBlock, parseFragment, plainText, richText } from './rich-text';
import { imageAddress } from './addresses';
import { cut, withStyle } from './values';
import type { ImportWarnings } from './warnings';

/** What every reader of one import shares. */
export interface ImportContext {
  warnings: ImportWarnings;
  tags: MergeTagReplacer;
}

const MAX_HTML = 100_000;

/** Why markup the readers could not map became an html block: the warning that says so. */
export type HtmlBlockReason = Exclude<Extract<ImportWarningCode, `html_block_${string}`>, 'html_block_element'>;

/** The sanitizer's findings as the import's warnings: one for the elements taken out, one for each harm. */
function sanitizerWarning(warnings: ImportWarnings, path: string, finding: SanitizerFinding): void {
  if (finding.kind === 'too_deep') return warnings.add(path, 'html_too_deep', { max: finding.max });
  if (finding.elements.length) warnings.add(path, 'html_elements_removed', { elements: finding.elements.join(', ') });
  for (const danger of finding.dangers) warnings.add(path, `html_${danger}_removed`);
}

/**
 * Markup we cannot map, kept as an html block: merge tags mapped, then reduced by the
 * renderer's own sanitizer (scripts, event handlers, unsafe addresses taken out), which
 * the renderer applies again when it draws the block.
 */
export function htmlBlock(html: string, path: string, { warnings, tags }: ImportContext, why?: HtmlBlockReason): HtmlBlock | undefined {
  if (why) warnings.add(path, why);
  const bounded = html.length > MAX_HTML * 4 ? html.slice(0, MAX_HTML * 4) : html;
  const kept = sanitizeRawHtml(tags(bounded), 'the imported html', { add: (_message, finding) => sanitizerWarning(warnings, path, finding) }, { judgeAddresses: true });
  if (kept.length > MAX_HTML) warnings.add(path, 'html_cut', { max: MAX_HTML });
  const trimmed = cut(kept, MAX_HTML).trim();
  return trimmed ? { type: 'html', html: trimmed } : undefined;
}

/** An html block drawn with the space its source gives it (none for raw HTML), not our renderer's default. */
export const withPadding = (block: HtmlBlock | undefined, padding: string | undefined): HtmlBlock | undefined =>
  block && padding ? { ...block, style: { ...block.style, padding } } : block;

/** A text block from HTML, or an html block when the HTML holds what text cannot (an image, a table). */
export const textOrHtmlBlock = (html: string, path: string, context: ImportContext, style?: TextBlock['style']) =>
  textOrHtmlBlockOf(parseFragment(html, path, context.warnings), () => html, path, context, style);

/** The same from nodes already parsed (the HTML reader's), their markup written only when an html block needs it. */
export function textOrHtmlBlockOf(nodes: ChildNode[], html: () => string, path: string, context: ImportContext, style?: TextBlock['style']): TextBlock | HtmlBlock | undefined {
  if (needsHtmlBlock(nodes)) return htmlBlock(html(), path, context, 'html_block_rich_text');
  const content = richText(nodes, path, context.tags, context.warnings);
  return content.length ? { type: 'text', content, ...withStyle(style) } : undefined;
}

export function headingFrom(html: string, level: HeadingBlock['level'], path: string, context: ImportContext, style?: HeadingBlock['style']): HeadingBlock | undefined {
  const content = inlineText(richText(parseFragment(html, path, context.warnings), path, context.tags, context.warnings, true));
  return content.length ? { type: 'heading', level, content, ...withStyle(style) } : undefined;
}

const NETWORK_NAMES: Record<string, SocialNetwork> = { twitter: 'x', 'x-twitter': 'x', website: 'web', link: 'web', custom: 'web' };

/** A network by its name in the source (`Facebook`, `twitter-noshare`, `linkedin`); any other is a web link. */
export function socialNetwork(name: unknown): SocialNetwork {
  const key = typeof name === 'string' ? name.toLowerCase().replace(/-noshare$/, '') : '';
  if ((SOCIAL_NETWORKS as readonly string[]).includes(key)) return key as SocialNetwork;
  return Object.hasOwn(NETWORK_NAMES, key) ? NETWORK_NAMES[key] : 'web';
}

/** The plain text of an HTML fragment: a button's label, a link's. */
export const fragmentText = (html: string, path: string, context: ImportContext) =>
  plainText(richText(parseFragment(html, path, context.warnings), path, context.tags, context.warnings));

/** A button's label: the plain text of its HTML (read at `at`), up to 200 characters; none, with a warning at the block, when it has no text. */
export function buttonLabel(html: string, at: string, path: string, context: ImportContext): string | undefined {
  const text = cut(fragmentText(html, at, context), 200);
  if (!text) context.warnings.add(path, 'button_without_text');
  return text || undefined;
}

/** A button block; a link not set yet is empty, and a style of nothing is left out. */
export const buttonBlock = (text: string, href: string | undefined, style: ButtonBlock['style'] | undefined): ButtonBlock => ({
  type: 'button',
  text,
  href: href ?? '',
  ...withStyle(style),
});

/** An image's address as judged at `at` (addresses.ts); none, with a warning at the block, when the source gives none we can use. */
export function imageSource(written: string, at: string, path: string, warnings: ImportWarnings): string | undefined {
  const src = imageAddress(written, at, warnings);
  if (!src) warnings.add(path, 'image_without_address');
  return src;
}

/** An image block; an empty alt, link or width is left out, and so is a style of nothing. */
export const imageBlock = (src: string, { alt, href, width }: { alt?: string; href?: string; width?: number }, style: ImageBlock['style'] | undefined): ImageBlock => ({
  type: 'image',
  src,
  ...(alt && { alt }),
  ...(href && { href }),
  ...(width && { width }),
  ...withStyle(style),
});
