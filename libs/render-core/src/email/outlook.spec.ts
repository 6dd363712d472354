import { withinTime } from '../testing/adversarial';
import fc from 'fast-check';
import type { Block, EmailDesign, Row } from '@embed/design-document';
import { render } from '../render';
import { outlookMarkup, outlookText } from '../testing/outlook-view';
import { withoutOutlookPartsInSkips } from './outlook';

// Outlook for Windows reads no media query and shows the desktop design (issue 33): what
// is hidden on desktops must be left out there too, and all the rest kept, whatever the
// conditional comments that mrml writes inside a row or a block.

const text = (words: string, hideOn?: 'desktop' | 'mobile'): Block => ({ type: 'text', content: [{ type: 'paragraph', content: [{ text: words }] }], ...(hideOn ? { hideOn } : {}) });
const social: Block = { type: 'social', links: [{ network: 'facebook', href: 'https://facebook.example/us' }], hideOn: 'desktop' } as Block;
const row = (blocks: Block[][], hideOn?: 'desktop' | 'mobile'): Row => ({ columns: blocks.map((column) => ({ ratio: 1, blocks: column })), ...(hideOn ? { hideOn } : {}) });
const email = (rows: Row[]): EmailDesign => ({ schemaVersion: 1, mode: 'email', settings: { subject: 'Outlook' }, body: { rows } }) as EmailDesign;

describe('Outlook for Windows sees the desktop design', () => {
  it('leaves out a row hidden on desktops, columns and all, and keeps the rows around it', () => {
    const { html } = render(
      email([
        row([[text('Before words')]]),
        row([[text('Phone row words')], [text('Phone second column')]], 'desktop'),
        row([[text('Phone-hidden row words')]], 'mobile'),
        row([[text('After words')]]),
      ]),
    );
    const seen = outlookText(html);
    expect(seen).toContain('Before words');
    expect(seen).not.toContain('Phone row words');
    expect(seen).not.toContain('Phone second column');
    expect(seen).toContain('Phone-hidden row words');
    expect(seen).toContain('After words');
    // Every other client still has the row (its media query hides it on desktops).
    expect(html).toContain('Phone row words');
    // Outlook's own tables stay whole: every table it sees is closed.
    const markup = outlookMarkup(html);
    expect(markup.match(/<table\b/g)?.length).toBe(markup.match(/<\/table>/g)?.length);
  });

  it('leaves out blocks hidden on desktops, a social block with its own Outlook tables included, and a block hidden in a hidden row once', () => {
    const { html } = render(
      email([
        row([[text('Kept words'), text('Phone block words', 'desktop'), social, text('Kept after')]]),
        row([[text('Hidden row words'), text('Hidden twice words', 'desktop')]], 'desktop'),
        row([[text('Last words')]]),
      ]),
    );
    const seen = outlookText(html);
    expect(seen).toContain('Kept words');
    expect(seen).toContain('Kept after');
    expect(seen).not.toContain('Phone block words');
    expect(outlookMarkup(html)).not.toContain('facebook.example');
    expect(seen).not.toContain('Hidden row words');
    expect(seen).not.toContain('Hidden twice words');
    expect(seen).toContain('Last words');
  });
});

describe('withoutOutlookPartsInSkips', () => {
  const pieces = fc.constantFrom('<!--[if !mso]><!-->', '<!--<![endif]-->', '<!--[if mso | IE]>', '<![endif]-->', '<td>', 'x', '<!--');
  const markup = fc.array(pieces, { maxLength: 60 }).map((parts) => parts.join(''));

  it('changes nothing in markup without a block Outlook skips, and what it gives is final', () => {
    fc.assert(
      fc.property(markup, (html) => {
        const out = withoutOutlookPartsInSkips(html);
        if (!html.includes('<!--[if !mso]><!-->')) expect(out).toBe(html);
        expect(outlookText(out)).toBe(outlookText(withoutOutlookPartsInSkips(out)));
      }),
    );
  });

  it('takes time linear in the markup', () => {
    for (const piece of ['<!--[if !mso]><!-->', '<!--[if !mso]><!--><!--[if mso | IE]>', '<!--<![endif]-->']) {
      withinTime('withoutOutlookPartsInSkips', 500, () => withoutOutlookPartsInSkips(piece.repeat(50_000)));
    }
  });
});
