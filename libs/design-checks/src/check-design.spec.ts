import type { Block, DesignDocument, EmailDesign, PageDesign, PopupDesign, DocumentDesign } from '@embed/design-document';
import { checkDesign } from './check-design';
import { addressProblem } from './checks/links';
import { GMAIL_CLIP_BYTES, clippingMeter } from './clipping';
import type { CheckId, Finding } from './findings';
import { email, errorsOf, example, row, text } from './testing/designs';

const of = (findings: Finding[], check: CheckId) => findings.filter((finding) => finding.check === check);
const checked = (document: DesignDocument, check: CheckId, htmlBytes?: number) => {
  expect(errorsOf(document)).toEqual([]);
  return of(checkDesign(document, { htmlBytes }), check);
};
const at = (row: number, column: number, block: number) => ({ kind: 'block', path: { row, column, block } });

describe('checkDesign', () => {
  it.each(['email', 'page', 'popup', 'document'])('finds nothing in the %s example', (mode) => {
    expect(checkDesign(example(mode), { htmlBytes: 40_000 })).toEqual([]);
  });

  it('gives each finding its check id, catalogue key, values, target with the block id, and English words', () => {
    const [finding] = checked(email([row([{ type: 'image', id: 'hero', src: 'https://x.example/a.png' }])]), 'image-alt');
    expect(finding).toEqual({
      check: 'image-alt',
      key: 'checks.image-alt',
      params: {},
      target: { kind: 'block', path: { row: 0, column: 0, block: 0 }, id: 'hero' },
      message: 'Image in row 1, column 1, block 1 has no alt text: screen readers, and mail clients that block images, show nothing in its place.',
    });
  });
});

describe('gmail-clipping', () => {
  const doc = email([row([text('Hi')])]);
  it('flags an email whose HTML is past 102 KB, and gives the size in KB', () => {
    const [finding] = checked(doc, 'gmail-clipping', 103 * 1024);
    expect(finding.params).toEqual({ size: 103, limit: 102 });
    expect(finding.message).toBe('The HTML is 103 KB, over Gmail\'s 102 KB clipping size: Gmail hides the rest of the email, unsubscribe link included, behind "View entire message".');
  });
  it('lets an email at the limit, a size not given and a page through', () => {
    expect(checked(doc, 'gmail-clipping', GMAIL_CLIP_BYTES)).toEqual([]);
    expect(checked(doc, 'gmail-clipping')).toEqual([]);
    expect(checked(example('page'), 'gmail-clipping', 200 * 1024)).toEqual([]);
  });
  it('measures for a meter', () => {
    expect(clippingMeter(51 * 1024)).toEqual({ bytes: 51 * 1024, limit: GMAIL_CLIP_BYTES, ratio: 0.5, clipped: false });
    expect(clippingMeter(103 * 1024).clipped).toBe(true);
  });
});

describe('image-alt', () => {
  it('flags images and videos without alt text, blank alt text included', () => {
    const doc = email([row([
      { type: 'image', src: 'https://x.example/a.png' },
      { type: 'image', src: 'https://x.example/b.png', alt: '  ' },
      { type: 'video', url: 'https://video.example/1', thumbnail: 'https://x.example/t.png' },
      { type: 'image', src: 'https://x.example/c.png', alt: 'A red bicycle' },
    ])]);
    expect(checked(doc, 'image-alt').map((finding) => finding.target)).toEqual([at(0, 0, 0), at(0, 0, 1), at(0, 0, 2)]);
  });
});

describe('inline-image', () => {
  it('flags data: images and video thumbnails, not uploaded ones', () => {
    const pixel = 'data:image/png;base64,iVBORw0KGgo=';
    const doc = email([row([
      { type: 'image', src: pixel, alt: 'x' },
      { type: 'image', src: 'https://x.example/a.png', alt: 'x' },
      { type: 'video', url: 'https://video.example/1', thumbnail: pixel, alt: 'x' },
    ])]);
    expect(checked(doc, 'inline-image').map((finding) => finding.target)).toEqual([at(0, 0, 0), at(0, 0, 2)]);
  });
});

describe('link-address', () => {
  const link = (href: string, words = 'Our shop'): Block => ({ type: 'text', content: [{ type: 'paragraph', content: [{ text: words, href }] }] });

  it('flags links, buttons, image links and menu items without an address', () => {
    const doc = email([row([
      link(''),
      { type: 'button', text: 'Buy' },
      { type: 'image', src: 'https://x.example/a.png', alt: 'Logo', href: '' },
      { type: 'menu', items: [{ text: 'Men' }, { text: 'Women', href: 'https://x.example/w' }] },
    ])]);
    expect(checked(doc, 'link-address').map((finding) => finding.message)).toEqual([
      'Link "Our shop" in row 1, column 1, block 1 has no address: it is shown as plain text.',
      'Button "Buy" in row 1, column 1, block 2 has no address: it is shown but leads nowhere.',
      'Image link in row 1, column 1, block 3 has no address: the image is shown without a link.',
      'Menu item "Men" in row 1, column 1, block 4 has no address: it is shown as plain text.',
    ]);
  });

  it('flags an address led by a merge tag the service leaves as written, and an anchor in an email', () => {
    const doc = email([row([
      link('{{coupon_url}}'),
      { type: 'button', text: 'Go to the shop', href: '{{shop}}/sale' },
      { type: 'social', links: [{ network: 'x', href: '#top' }] },
      link('{{contact.website}}?ref=mail'),
    ])]);
    const found = checked(doc, 'link-address');
    expect(found.map((finding) => [finding.key, finding.params.address])).toEqual([
      ['checks.link-address.invalid.link', '{{coupon_url}}'],
      ['checks.link-address.invalid.button', '{{shop}}/sale'],
      ['checks.link-address.invalid.social', '#top'],
    ]);
    expect(found[0].message).toBe('Link "Our shop" in row 1, column 1, block 1 goes to {{coupon_url}}, which is not an http(s), mailto or tel address or a merge tag this service fills: it leads nowhere.');
  });

  it('lets good addresses through, and anchors on a page', () => {
    const good = ['https://shop.example', 'mailto:hi@shop.example', 'tel:+33123456789', '{{unsubscribe_url}}', '{{ preferences_url }}', '{{contact.website}}?ref=mail'];
    expect(checked(email([row(good.map((href) => link(href)))]), 'link-address')).toEqual([]);
    const page = example<PageDesign>('page');
    page.body.rows[0].columns[0].blocks.push(link('#signup'));
    expect(checked(page, 'link-address')).toEqual([]);
  });

  it('judges addresses the schema refuses the same way, for a document not yet valid', () => {
    expect(addressProblem('www.shop.example', 'email')).toBe('invalid');
    expect(addressProblem('ftp://files.example', 'page')).toBe('invalid');
    expect(addressProblem('/sale', 'email')).toBe('invalid');
    expect(addressProblem('/sale', 'page')).toBeUndefined();
    expect(addressProblem('  ', 'page')).toBe('missing');
  });
});

describe('link-text', () => {
  it('flags link words that say nothing, in English and French, whatever their case, accents and punctuation', () => {
    const runs = (...texts: string[]): Block => ({ type: 'text', content: [{ type: 'paragraph', content: texts.map((words) => ({ text: words, href: 'https://x.example' })) }] });
    const doc = email([row([
      runs('Click here'),
      runs('Cliquez ', 'ICI !'), // two runs with one address are one link
      { type: 'button', text: 'En savoir plus →', href: 'https://x.example' },
      { type: 'menu', items: [{ text: 'Read more…', href: 'https://x.example' }] },
      runs('Read the spring lookbook'),
      { type: 'button', text: 'Plus de modèles en lin', href: 'https://x.example' },
    ])]);
    expect(checked(doc, 'link-text').map((finding) => [finding.params.text, finding.target])).toEqual([
      ['Click here', at(0, 0, 0)],
      ['Cliquez ICI !', at(0, 0, 1)],
      ['En savoir plus →', at(0, 0, 2)],
      ['Read more…', at(0, 0, 3)],
    ]);
  });
});

describe('contrast', () => {
  it('judges text against a light background', () => {
    const doc = email([row([text('Pale grey', { color: '#999999' }), text('Dark grey', { color: '#595959' })])]);
    const found = checked(doc, 'contrast');
    expect(found.map((finding) => [finding.target, finding.params])).toEqual([
      [at(0, 0, 0), { text: 'Pale grey', ratio: 2.84, required: 4.5, background: '#ffffff' }],
    ]);
    expect(found[0].message).toBe('Text "Pale grey" in row 1, column 1, block 1 has a contrast of 2.84:1 against the #ffffff behind it, under the 4.5:1 that WCAG AA asks for.');
  });

  it('judges text against a dark background: the default dark text fails, white passes', () => {
    const doc = email([row([text('Default colour'), text('White', { color: '#ffffff' })], { backgroundColor: '#1b1b1b' })]);
    expect(checked(doc, 'contrast').map((finding) => [finding.target, finding.params.background])).toEqual([[at(0, 0, 0), '#1b1b1b']]);
  });

  it('takes the nearest background up the tree: block, column (nested in a row), row, body', () => {
    const doc = email([
      row([text('On the column'), text('On its own box', { backgroundColor: '#ffffff' })], { backgroundColor: '#ffffff' }, { backgroundColor: '#000000' }),
      row([text('On the row', { color: '#ffffff' })], { backgroundColor: '#f3f1ec' }),
      row([text('On the body', { color: '#ffffff' })]),
    ], { backgroundColor: '#222222' });
    const built = checked(doc, 'contrast').filter((finding) => finding.target.kind === 'block' && finding.target.path.row < 3);
    expect(built.map((finding) => [finding.target, finding.params.background])).toEqual([
      [at(0, 0, 0), '#000000'],
      [at(1, 0, 0), '#f3f1ec'],
    ]);
  });

  it('takes a row background image\'s fallback colour, and paints translucent colours over what is behind', () => {
    const doc = email([
      row([text('On the photo', { color: '#ffffff' })], { backgroundImage: { url: 'https://x.example/dark.jpg' }, backgroundColor: '#222222' }),
      row([text('On the photo too')], { backgroundImage: { url: 'https://x.example/dark.jpg' }, backgroundColor: '#222222' }),
      row([text('Half black over white', { color: '#ffffff' })], {}, { backgroundColor: '#00000080' }),
    ]);
    expect(checked(doc, 'contrast').map((finding) => [finding.target, finding.params.background])).toEqual([
      [at(1, 0, 0), '#222222'],
      [at(2, 0, 0), '#7f7f7f'],
    ]);
  });

  it('asks 3:1 of large text: 24px, or 18.66px bold', () => {
    const grey = '#949494'; // 3.03:1 on white
    const doc = email([row([
      text('Small', { color: grey }),
      text('Large', { color: grey, fontSize: 24 }),
      { type: 'text', content: [{ type: 'paragraph', content: [{ text: 'Bold and 19px', bold: true }] }], style: { color: grey, fontSize: 19 } },
      { type: 'heading', level: 2, content: [{ text: 'A 26px bold heading' }], style: { color: grey } },
      { type: 'heading', level: 4, content: [{ text: 'A 17px heading' }], style: { color: grey } },
    ])]);
    expect(checked(doc, 'contrast').map((finding) => [finding.params.text, finding.params.required])).toEqual([['Small', 4.5], ['A 17px heading', 4.5]]);
  });

  it('judges links in the link colour and runs in their own colour, naming the worst run of a block', () => {
    const doc = email([row([
      { type: 'text', content: [{ type: 'paragraph', content: [{ text: 'Fine ' }, { text: 'a faint link', href: 'https://x.example' }, { text: ' a fainter run', color: '#cccccc' }] }], style: { linkColor: '#aaaaaa' } },
      { type: 'text', content: [{ type: 'paragraph', content: [{ text: 'a faint link alone', href: 'https://x.example' }] }], style: { linkColor: '#aaaaaa' } },
    ])]);
    const found = checked(doc, 'contrast');
    expect(found.map((finding) => [finding.params.text, finding.params.ratio])).toEqual([['a fainter run', 1.6], ['a faint link alone', 2.32]]);
  });

  it('judges a button\'s label against its colour and its colour (or border) against what is behind it', () => {
    const doc = email([row([
      { type: 'button', text: 'Yellow', href: 'https://x.example', style: { buttonColor: '#ffcc00' } },
      { type: 'button', text: 'Ghost', href: 'https://x.example', style: { buttonColor: '#f5f5f5', color: '#1b1b1b' } },
      { type: 'button', text: 'Bordered', href: 'https://x.example', style: { buttonColor: '#f5f5f5', color: '#1b1b1b', border: { width: 1, style: 'solid', color: '#333333' } } },
      { type: 'button', text: 'Default', href: 'https://x.example' },
    ])]);
    expect(checked(doc, 'contrast').map((finding) => [finding.params.text, finding.key, finding.params.ratio])).toEqual([
      ['Yellow', 'checks.contrast.button-label', 1.51],
      ['Yellow', 'checks.contrast.button-shape', 1.51],
      ['Ghost', 'checks.contrast.button-shape', 1.09],
    ]);
  });

  it('judges a page\'s rows over their full-width and content colours, and a popup over its dialog', () => {
    const page = example<PageDesign>('page');
    page.body.rows[2].style = { backgroundColor: '#000000', contentBackgroundColor: '#ffffff' };
    expect(checked(page, 'contrast')).toEqual([]);
    const popup = example<PopupDesign>('popup');
    popup.body.style = { ...popup.body.style, contentBackgroundColor: '#1b1b1b' };
    expect(checked(popup, 'contrast').length).toBeGreaterThan(0);
  });
});

describe('dark-contrast', () => {
  it('flags what passes in light mode and fails once an inbox darkens it, naming the inboxes', () => {
    const doc = email([row([{ type: 'button', text: 'Default', href: 'https://x.example' }])]);
    expect(checked(doc, 'contrast')).toEqual([]);
    const [finding] = checked(doc, 'dark-contrast');
    expect(finding.params).toEqual({ inboxes: 'Outlook.com, Outlook for iOS and Android, Gmail for Android', text: 'Default', ratio: 1.43, required: 3, background: '#000000' });
    expect(finding.message).toMatch(/^In dark mode as Outlook\.com, Outlook for iOS and Android, Gmail for Android show it, button "Default"/);
  });

  it('does not repeat what already fails in light mode, and judges emails only', () => {
    const doc = email([row([text('Pale grey', { color: '#999999' })])]);
    expect(checked(doc, 'contrast')).toHaveLength(1);
    expect(checked(doc, 'dark-contrast')).toEqual([]);
    const page = example<PageDesign>('page');
    page.body.rows[0].columns[0].blocks.push({ type: 'button', text: 'Default', href: 'https://x.example' });
    expect(checked(page, 'dark-contrast')).toEqual([]);
  });
});

describe('heading-order', () => {
  const heading = (level: 1 | 2 | 3 | 4, words: string): Block => ({ type: 'heading', level, content: [{ text: words }] });

  it('flags a heading that skips a level on the way down, anywhere in reading order', () => {
    const doc = email([row([heading(1, 'Spring'), heading(3, 'Shirts')]), row([heading(2, 'Jackets'), heading(3, 'Waxed'), heading(2, 'Shoes'), heading(4, 'Trail')])]);
    expect(checked(doc, 'heading-order').map((finding) => [finding.target, finding.params])).toEqual([
      [at(0, 0, 1), { text: 'Shirts', level: 3, previous: 1 }],
      [at(1, 0, 3), { text: 'Trail', level: 4, previous: 2 }],
    ]);
  });

  it('lets a first heading of any level, going back up, and one step down through', () => {
    expect(checked(email([row([heading(2, 'A'), heading(3, 'B'), heading(1, 'C'), heading(2, 'D')])]), 'heading-order')).toEqual([]);
  });

  it('reads a document\'s header before its body', () => {
    const doc = example<DocumentDesign>('document');
    doc.settings.header = { blocks: [heading(1, 'Catalogue')] };
    doc.body.rows[0].columns[0].blocks.unshift(heading(3, 'Too deep'));
    expect(checked(doc, 'heading-order').map((finding) => finding.target)).toEqual([at(0, 0, 0)]);
  });
});

describe('merge-tag', () => {
  it('names each tag the service does not fill, once per place, wherever it stands', () => {
    const doc = email([row([
      { type: 'text', content: [{ type: 'paragraph', content: [{ text: 'Hi {{first_name}} and {{first_name}}, {{ contact.first_name }}' }] }] },
      { type: 'button', text: 'Shop', href: 'https://x.example/?c={{coupon}}' },
    ])]);
    doc.settings.subject = '{{first_name}}, {{contact.first_name}} and {{unsubscribe_url}} {{preferences_url}}';
    expect(checked(doc, 'merge-tag').map((finding) => [finding.params.tag, finding.target])).toEqual([
      ['{{first_name}}', { kind: 'setting', field: 'subject' }],
      ['{{first_name}}', at(0, 0, 0)],
      ['{{coupon}}', at(0, 0, 1)],
    ]);
    expect(checked(doc, 'merge-tag')[0].message).toBe('{{first_name}} in the subject is not a merge tag this service fills (contact.<field>, unsubscribe_url, preferences_url): it stays as written.');
  });
});

describe('email settings and the unsubscribe link', () => {
  it('flags an email without subject, preheader or unsubscribe link', () => {
    const doc: EmailDesign = { schemaVersion: 1, mode: 'email', settings: { subject: ' ' }, body: { rows: [row([text('Hi')])] } };
    const findings = checkDesign(doc);
    expect(findings.map((finding) => finding.check)).toEqual(['email-subject', 'email-preheader', 'unsubscribe-link']);
    expect(findings[2].message).toBe('The email has no {{unsubscribe_url}} link: bulk senders must offer a way out (Gmail and Yahoo require one).');
  });

  it('takes an unsubscribe link in raw HTML, and asks none of a page', () => {
    const doc = email([]);
    doc.body.rows = [row([{ type: 'html', html: '<a href="{{ unsubscribe_url }}">Leave</a>' }])];
    expect(checked(doc, 'unsubscribe-link')).toEqual([]);
    expect(checked(example('page'), 'unsubscribe-link')).toEqual([]);
  });
});

describe('background-fallback', () => {
  it('flags a row with a background image and no colour to fall back on', () => {
    const doc = email([row([text('On a photo', { color: '#ffffff' })], { backgroundImage: { url: 'https://x.example/p.jpg' } })]);
    doc.body.style = { backgroundColor: '#000000' };
    expect(checked(doc, 'background-fallback').map((finding) => finding.message)).toEqual([
      'The background image of row 1 has no background colour: where images are blocked (and in Outlook) its text may be unreadable.',
    ]);
  });
});

describe('popup-close', () => {
  it('flags a popup with neither close button nor an overlay that closes it', () => {
    const popup = example<PopupDesign>('popup');
    popup.settings.closeButton = { show: false };
    popup.settings.overlay = { show: true, closeOnClick: false };
    expect(checked(popup, 'popup-close').map((finding) => finding.target)).toEqual([{ kind: 'setting', field: 'closeButton' }]);
    popup.settings.overlay = { show: false };
    expect(checked(popup, 'popup-close')).toHaveLength(1);
  });

  it('lets a popup close by its button or its overlay', () => {
    const popup = example<PopupDesign>('popup');
    popup.settings.closeButton = { show: false };
    popup.settings.overlay = { show: true };
    expect(checked(popup, 'popup-close')).toEqual([]);
    popup.settings.closeButton = { show: true };
    popup.settings.overlay = { show: false };
    expect(checked(popup, 'popup-close')).toEqual([]);
  });
});

describe('untranslated', () => {
  const bilingual = (): EmailDesign => {
    const doc = email([row([text('Hello'), { type: 'button', text: 'Shop', href: 'https://shop.example/', translations: { fr: { text: 'Acheter' } } } as Block])]);
    return { ...doc, languages: ['fr'], settings: { ...doc.settings, translations: { fr: { subject: 'Bonjour' } } } } as EmailDesign;
  };
  const untranslated = (doc: DesignDocument) => checkDesign(doc, { untranslated: true }).filter((finding) => finding.check === 'untranslated');

  it('names each block and the settings with texts a language has not translated, only when asked', () => {
    const found = untranslated(bilingual());
    expect(found.map((finding) => [finding.target, finding.params])).toEqual([
      [{ kind: 'block', path: { row: 0, column: 0, block: 0 } }, { language: 'fr', textPlaces: 'content' }],
      // The helper's unsubscribe row.
      [{ kind: 'block', path: { row: 1, column: 0, block: 0 } }, { language: 'fr', textPlaces: 'content' }],
      [{ kind: 'design' }, { language: 'fr', textPlaces: 'preheader' }],
    ]);
    expect(found[0].message).toBe('The block in row 1, column 1, block 1 has texts not yet translated into fr, which show in the default language: its text.');
    expect(found[2].message).toBe('The design’s settings have texts not yet translated into fr, which show in the default language: the preheader.');
    expect(checkDesign(bilingual()).some((finding) => finding.check === 'untranslated')).toBe(false);
    expect(untranslated(email([row([text('Hello')])]))).toEqual([]);
  });

  it('names the texts left out in words: a form’s fields and choices and a menu’s items by their number', () => {
    const form = {
      type: 'form',
      fields: [
        { name: 'email', label: 'Email', kind: 'email' },
        { name: 'size', label: 'Size', kind: 'select', options: ['S', 'M'], placeholder: 'Pick one' },
      ],
      submitText: 'Send',
      translations: { fr: { submitText: 'Envoyer', fields: [{ label: 'E-mail' }, { label: 'Taille', options: ['P'] }] } },
    } as unknown as Block;
    const menu = { type: 'menu', items: [{ text: 'Home', href: 'https://a.example/' }, { text: 'Shop', href: 'https://a.example/s' }], translations: { fr: { items: ['Accueil'] } } } as Block;
    const base = example<PageDesign>('page');
    const doc = { ...base, languages: ['fr'], body: { ...base.body, rows: [row([form, menu])] } } as DesignDocument;
    const inBlocks = untranslated(doc).filter((finding) => finding.target.kind === 'block');
    expect(inBlocks.map((finding) => finding.message.split(': ').pop())).toEqual(['the placeholder of field 2, choice 2 of field 2.', 'menu item 2.']);
  });
});
