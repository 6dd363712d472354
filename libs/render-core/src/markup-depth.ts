// htmlparser2 (under sanitize-html and the importer) keeps its open elements with
// Array#unshift, so parsing costs the square of the nesting depth (50 000 nested <b> took
// 1.9 s; an html block's 100 000 characters nest 33 000), and mrml traps on an html block of
// 14 000 nested elements. Every piece of markup is measured here first, in one linear pass,
// and not parsed past the bound.

/** Deeper than any email or page needs (MJML's own structure is about 6 levels). */
export const MAX_MARKUP_DEPTH = 500;

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const isLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const isNameCharacter = (code: number) => isLetter(code) || (code >= 48 && code <= 57) || code === 45;

/**
 * How deep the markup's elements nest at most, counted as written: every open tag that is
 * not void or self-closed goes one deeper, every close tag one back. Tags a parser closes
 * by itself (`<p>` before `<p>`) count too, so this never says less than the parser would
 * build. A scan by hand: a pattern's match objects cost more than the parse it guards.
 */
export function markupDepth(markup: string): number {
  let depth = 0;
  let deepest = 0;
  for (let at = markup.indexOf('<'); at !== -1; at = markup.indexOf('<', at + 1)) {
    const closing = markup.charCodeAt(at + 1) === 47;
    const nameStart = at + (closing ? 2 : 1);
    if (!isLetter(markup.charCodeAt(nameStart))) continue;
    let nameEnd = nameStart + 1;
    while (nameEnd < markup.length && isNameCharacter(markup.charCodeAt(nameEnd))) nameEnd++;
    // The tag ends at the next `>`, unless a `<` comes first (then it was no tag): each
    // character is looked at once whatever the markup, `<a<a<a…` included.
    let end = nameEnd;
    while (end < markup.length && markup.charCodeAt(end) !== 62 && markup.charCodeAt(end) !== 60) end++;
    if (markup.charCodeAt(end) !== 62) {
      at = end - 1;
      continue;
    }
    if (closing) depth = Math.max(0, depth - 1);
    else if (markup.charCodeAt(end - 1) !== 47 && !VOID.has(markup.slice(nameStart, nameEnd).toLowerCase())) deepest = Math.max(deepest, ++depth);
    at = end;
  }
  return deepest;
}

/** The text of markup too deep to parse: its tags taken out, in one linear pass. */
export const tagsTakenOut = (markup: string) => markup.replace(/<[^<>]{0,4000}>/g, ' ');
