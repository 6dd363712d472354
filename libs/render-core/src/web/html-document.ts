import { type DesignDocument, textDirection } from '@embed/design-document';
import { fontLink, fontUrls } from '../fonts';
import { attributes, escapeHtml } from '../html';

export interface WebParts {
  title: string;
  description?: string;
  css: string;
  body: string;
  js: string;
}

/** A whole HTML5 document around the parts; chunks are cut back out of it after the merge. */
export function htmlDocument(document: DesignDocument, parts: WebParts): string {
  const fonts = fontUrls(document).map((url) => fontLink(url));
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(parts.title)}</title>`,
    parts.description ? `<meta name="description"${attributes({ content: parts.description })}>` : '',
    ...fonts,
    `<style>\n${parts.css}\n</style>`,
  ].join('');
  const script = parts.js ? `<script>\n${parts.js}\n</script>` : '';
  const lang = document.language ?? 'en';
  return `<!DOCTYPE html>\n<html${attributes({ lang, dir: textDirection(lang) === 'rtl' ? 'rtl' : undefined })}><head>${head}</head><body>${parts.body}${script}</body></html>\n`;
}
