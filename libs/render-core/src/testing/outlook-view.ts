import { parse, type DefaultTreeAdapterMap } from 'parse5';

// Test support: an email's HTML as Outlook for Windows reads it, written from how Word's
// engine treats conditional comments, apart from the renderer's code. A comment
// `<!--[if C]>...<![endif]-->` shows its markup when C holds for Outlook (`mso`, `mso | IE`,
// `gte mso 9`; not `!mso`); a hidden block, `<!--[if !mso]><!-->` for one, hides
// everything up to the first `<![endif]` that follows: conditional comments do not nest.
// Other comments are dropped. Then parse5 reads what is left as a browser would.

const OPENING = '<!--[if ';
const ENDIF = '<![endif]';

const holdsForOutlook = (condition: string) => !/!\s*mso/.test(condition) && /\bmso\b/.test(condition);

/** The markup Outlook for Windows lays out. */
export function outlookMarkup(html: string): string {
  let out = '';
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf(OPENING, at);
    if (open < 0) break;
    out += html.slice(at, open);
    const conditionEnd = html.indexOf(']>', open);
    const endif = conditionEnd < 0 ? -1 : html.indexOf(ENDIF, conditionEnd);
    const closeEnd = endif < 0 ? 0 : html.indexOf('>', endif + ENDIF.length) + 1;
    // An unended conditional comment hides the rest, as an unended comment does.
    if (closeEnd === 0) return out;
    const condition = html.slice(open + OPENING.length, conditionEnd);
    if (holdsForOutlook(condition)) {
      // `<!--[if mso]>X<![endif]-->`: X shows.
      out += html.slice(conditionEnd + 2, endif);
    }
    at = closeEnd;
  }
  out += html.slice(at);
  // What remains of comments (ordinary ones) shows nothing.
  return out.replace(/<!--(?:(?!-->)[\s\S])*-->/g, '');
}

type Node = DefaultTreeAdapterMap['node'];

/** The words Outlook for Windows shows, joined by spaces. */
export function outlookText(html: string): string {
  const words: string[] = [];
  const stack: Node[] = [parse(outlookMarkup(html))];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.nodeName === '#text' && 'value' in node) words.push(node.value);
    if (node.nodeName === 'style' || node.nodeName === 'title') continue;
    if ('childNodes' in node) stack.push(...[...node.childNodes].reverse());
  }
  return words.join(' ').replace(/\s+/g, ' ');
}
