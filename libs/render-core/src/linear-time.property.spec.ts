import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { checkDesign, darkModeDesign, describeFinding, english, fillTemplate, parseColour, placeholders } from '@embed/design-checks';
import { type EmailDesign, validateDesign } from '@embed/design-document';
import { filledTag } from '@embed/design-document/model';
import { isSafeAttribute } from './address';
import { emailMarkup, finishRender, layoutDesign } from './index';
import { sanitizeRawHtml } from './sanitize';
import { adversarialAddress, adversarialExamples, adversarialText, withinTime } from './testing/adversarial';
import { Warnings } from './warnings';

// Every string the design document, a render request or a merge value can carry goes
// through render-core and design-checks in time linear in its length: each field at the
// largest size the schema allows holds repetitions made to take a backtracking pattern
// the longest, and every function that reads it must answer within a bound that a linear
// pass meets many times over on a loaded machine and a quadratic one misses by far (an
// `href=` and 100,000 spaces once took the sanitizer 5 s, `url(` and 10,000 spaces took
// the address check 400 s).

const BOUND_MS = 2000;
// A call over the whole document makes several passes over every field at once (about 150,000
// characters without the image): a bound of its own, still far under a quadratic pass.
const DOCUMENT_BOUND_MS = 5000;
const root = path.resolve(__dirname, '../../..');
const schema = JSON.parse(readFileSync(path.join(root, 'docs/design-document.schema.json'), 'utf8'));
const maxLength = (pointer: string): number => pointer.split('/').slice(1).reduce((node, key) => node[key], schema).maxLength;
const LIMIT = {
  html: maxLength('#/$defs/htmlBlock/properties/html'),
  text: maxLength('#/$defs/plainText'),
  short: maxLength('#/$defs/shortText'),
  subject: maxLength('#/$defs/emailSettings/properties/subject'),
  preheader: maxLength('#/$defs/emailSettings/properties/preheader'),
  name: maxLength('#/oneOf/0/properties/name'),
  button: maxLength('#/$defs/buttonBlock/properties/text'),
  menu: maxLength('#/$defs/menuBlock/properties/items/items/properties/text'),
  href: maxLength('#/$defs/href'),
  webUrl: maxLength('#/$defs/webUrl'),
  imageUrl: maxLength('#/$defs/imageUrl'),
};
// A merge value (libs/contracts, the render request).
const MERGE_VALUE_LENGTH = 2000;

const example: EmailDesign = JSON.parse(readFileSync(path.join(root, 'docs/examples/designs/email.json'), 'utf8'));

/**
 * The email example with a block of each kind that holds text, every text and address field
 * at its largest; the image block's source (1.5 MB allowed, for inline images) as long as `imageLength`.
 */
const hostileEmail = (imageLength: number): fc.Arbitrary<EmailDesign> =>
  fc
    .record({
      html: adversarialText(LIMIT.html),
      text: adversarialText(LIMIT.text),
      short: adversarialText(LIMIT.short),
      subject: adversarialText(LIMIT.subject),
      preheader: adversarialText(LIMIT.preheader),
      name: adversarialText(LIMIT.name),
      button: adversarialText(LIMIT.button),
      menu: adversarialText(LIMIT.menu),
      href: adversarialAddress(LIMIT.href),
      webUrl: adversarialAddress(LIMIT.webUrl),
      imageUrl: adversarialAddress(imageLength),
      // One image source as long as asked: two of 1.5 MB, each escaped to up to 3 MB of JSON
      // (a backslash repeated), made a document past the schema's 5 MB.
      thumbnail: adversarialAddress(Math.min(imageLength, LIMIT.webUrl)),
    })
    .map((t) => {
      const doc: EmailDesign = structuredClone(example);
      doc.name = t.name;
      doc.settings.subject = t.subject;
      doc.settings.preheader = t.preheader;
      doc.body.rows[1].columns[0].blocks.push(
        { type: 'html', html: t.html },
        { type: 'text', content: [{ type: 'paragraph', content: [{ text: t.text, href: t.href }] }, { type: 'list', ordered: true, items: [[{ text: t.text }]] }] },
        { type: 'heading', level: 2, content: [{ text: t.text }] },
        { type: 'button', text: t.button, href: t.href },
        { type: 'image', src: t.imageUrl, alt: t.short, href: t.href },
        { type: 'menu', items: [{ text: t.menu, href: t.href }] },
        { type: 'video', url: t.webUrl, thumbnail: t.thumbnail, alt: t.short },
      );
      return doc;
    });

const mergeValue = adversarialText(MERGE_VALUE_LENGTH);
const merge = fc.record({ contact: fc.record({ first_name: mergeValue, other: mergeValue }), unsubscribeUrl: mergeValue, preferencesUrl: mergeValue });

describe('time linear in the input, whatever the input', () => {
  it('validates, checks, lays out and merges the largest hostile email within the bound', () => {
    fc.assert(
      fc.property(hostileEmail(LIMIT.webUrl), merge, (doc, values) => {
        const validation = withinTime('validateDesign', DOCUMENT_BOUND_MS, () => validateDesign(doc));
        expect(validation).toEqual({ valid: true, document: doc }); // the sizes are the schema's own
        const findings = withinTime('checkDesign', DOCUMENT_BOUND_MS, () => checkDesign(doc));
        for (const finding of findings) withinTime('describeFinding', BOUND_MS, () => describeFinding(finding, english));
        withinTime('darkModeDesign', DOCUMENT_BOUND_MS, () => darkModeDesign(doc, 'full'));
        withinTime('emailMarkup', DOCUMENT_BOUND_MS, () => emailMarkup(doc));
        const layout = withinTime('layoutDesign', DOCUMENT_BOUND_MS, () => layoutDesign(doc));
        withinTime('finishRender', DOCUMENT_BOUND_MS, () => finishRender(layout, { merge: values }));
      }),
      { numRuns: 4 },
    );
  });

  it('lays out an image source of 1.5 MB within a bound linear in its size', () => {
    // Fifteen times the html block's length, so fifteen times the bound: a linear pass over
    // up to 7.5 MB of escaped HTML takes seconds here, a quadratic one hours.
    const bound = (DOCUMENT_BOUND_MS * LIMIT.imageUrl) / LIMIT.html;
    fc.assert(
      fc.property(hostileEmail(LIMIT.imageUrl), (doc) => {
        expect(validateDesign(doc).valid).toBe(true);
        withinTime('layoutDesign', bound, () => layoutDesign(doc));
      }),
      { numRuns: 1 },
    );
  });

  it('sanitizes raw HTML and judges attributes within the bound', () => {
    fc.assert(
      fc.property(adversarialText(LIMIT.html), (html) => {
        withinTime('sanitizeRawHtml', BOUND_MS, () => sanitizeRawHtml(html, 'a block', new Warnings()));
        for (const [element, name] of [['a', 'style'], ['img', 'srcset'], ['a', 'href'], ['img', 'src']])
          withinTime(`isSafeAttribute ${name}`, BOUND_MS, () => isSafeAttribute(element, name, html));
      }),
      { examples: adversarialExamples(LIMIT.html), numRuns: 40 },
    );
  });

  it('reads colours, merge tags and message templates within the bound', () => {
    fc.assert(
      fc.property(adversarialText(LIMIT.text), (text) => {
        withinTime('parseColour', BOUND_MS, () => parseColour(text));
        withinTime('filledTag', BOUND_MS, () => filledTag(text));
        withinTime('placeholders', BOUND_MS, () => placeholders(text));
        withinTime('fillTemplate', BOUND_MS, () => fillTemplate(text, { name: text, count: 1 }));
      }),
      { examples: adversarialExamples(LIMIT.text), numRuns: 40 },
    );
  });
});

// The cases the issue measured, at the schema's largest sizes: each failed before its fix.
describe('the patterns that were super-linear', () => {
  it.each([
    ['an <a href= and spaces in raw HTML', () => sanitizeRawHtml(`<a href=${' '.repeat(LIMIT.html - 8)}`, 'a block', new Warnings())],
    ['url( and spaces in a style', () => isSafeAttribute('a', 'style', `url(${' '.repeat(LIMIT.html - 4)}`)],
    ['url( repeated in a style', () => isSafeAttribute('a', 'style', 'url('.repeat(LIMIT.html / 4))],
  ] as [string, () => unknown][])('%s', (_what, work) => {
    withinTime('it', BOUND_MS, work);
  });
});

