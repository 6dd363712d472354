// Outlook for Windows reads no media query and shows the desktop design, so a row or a
// block hidden on desktops is put in a block that it skips: `<!--[if !mso]><!-->` ...
// `<!--<![endif]-->`, which every other client reads as two comments around the markup.
// Outlook skips up to the first `<![endif]` it meets, and conditional comments do not
// nest: the `<!--[if mso | IE]>` tables mrml writes inside a section (and a social block)
// would end the skip early and show the rest. Markup Outlook never reads needs no
// Outlook-only parts, so they are taken out of each skipped block once laid out.

const SKIP_OPEN = '<!--[if !mso]><!-->';
const SKIP_CLOSE = '<!--<![endif]-->';
const OUTLOOK_ONLY_OPEN = '<!--[if mso | IE]>';
const OUTLOOK_ONLY_CLOSE = '<![endif]-->';

/**
 * MJML around a row or a block hidden on desktops, so that Outlook for Windows leaves it
 * out too. Never nested: a block of a row hidden on desktops is not wrapped again.
 */
export const outsideOutlook = (mjml: string) => `<mj-raw>${SKIP_OPEN}</mj-raw>${mjml}<mj-raw>${SKIP_CLOSE}</mj-raw>`;

/** `html` without Outlook-only parts where Outlook never reads: inside each block it skips. Linear: each part is looked for once, from where the last ended. */
export function withoutOutlookPartsInSkips(html: string): string {
  let out = '';
  let at = 0;
  for (let open = html.indexOf(SKIP_OPEN, at); open >= 0; open = html.indexOf(SKIP_OPEN, at)) {
    const close = html.indexOf(SKIP_CLOSE, open + SKIP_OPEN.length);
    if (close < 0) break;
    out += html.slice(at, open + SKIP_OPEN.length) + withoutOutlookOnly(html.slice(open + SKIP_OPEN.length, close)) + SKIP_CLOSE;
    at = close + SKIP_CLOSE.length;
  }
  return out + html.slice(at);
}

function withoutOutlookOnly(markup: string): string {
  let out = '';
  let at = 0;
  for (let open = markup.indexOf(OUTLOOK_ONLY_OPEN, at); open >= 0; open = markup.indexOf(OUTLOOK_ONLY_OPEN, at)) {
    const close = markup.indexOf(OUTLOOK_ONLY_CLOSE, open + OUTLOOK_ONLY_OPEN.length);
    if (close < 0) break;
    out += markup.slice(at, open);
    at = close + OUTLOOK_ONLY_CLOSE.length;
  }
  return out + markup.slice(at);
}
