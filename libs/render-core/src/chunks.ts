import type { HtmlChunks } from './types';

const BODY = /<body[^>]*>([\s\S]*)<\/body>/i;
const SCRIPT = /<script\b[^>]*>([\s\S]*?)<\/script>/gi;
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
const FONT_LINK = /<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="stylesheet"|<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/gi;

// These read only HTML this library wrote (raw HTML blocks are sanitized to a tag list
// without script, style or link), so patterns over its known shape are exact.

const decodeAttribute = (value: string) =>
  value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

// A stylesheet's @import rules count only before its other rules: the style elements that
// import (an email's web fonts) lead the css chunk, which is one stylesheet.
const importing = (css: string) => css.startsWith('@import');
const importingFirst = (styles: string[]) => [...styles.filter(importing), ...styles.filter((css) => !importing(css))];

/** The parts that do not change with the merge: stylesheets (importing ones first), scripts and font links, in order. */
export function staticChunks(html: string): Omit<HtmlChunks, 'body'> {
  return {
    css: importingFirst([...html.matchAll(STYLE)].map((match) => match[1].trim())).join('\n'),
    js: [...html.matchAll(SCRIPT)].map((match) => match[1].trim()).join('\n'),
    fonts: [...new Set([...html.matchAll(FONT_LINK)].map((match) => decodeAttribute(match[1] ?? match[2])))],
  };
}

/** What goes inside the body element, scripts taken out. */
export function bodyChunk(html: string): string {
  return (BODY.exec(html)?.[1] ?? '').replace(SCRIPT, '');
}
