import fc from 'fast-check';
import type { DesignDocument, EmailDesign, TextBlock } from '@embed/design-document';
import { contrastRatio, luminance, parseColour } from './colour';
import { darkColour, darkModeDesign, type DarkModeScheme, invertLightness } from './dark-mode';
import { placedBlocks } from './placed';
import { email, errorsOf, example, row, text } from './testing/designs';

const colour = (value: string) => parseColour(value)!;
const hex = (value: string) => darkColour(value, 'foreground', 'full');

describe('invertLightness', () => {
  it('mirrors perceived lightness: white to black, black to white, a mid blue to a lighter blue', () => {
    expect(hex('#ffffff')).toBe('#000000');
    expect(hex('#000000')).toBe('#ffffff');
    const blue = colour('#1a56db');
    const turned = invertLightness(blue);
    expect(luminance(turned)).toBeGreaterThan(luminance(blue));
    expect(turned.b).toBeGreaterThan(turned.r); // still blue
    expect(contrastRatio(turned, colour('#000000'))).toBeGreaterThan(4.5);
  });

  it('keeps alpha and leaves transparent and non-colours alone', () => {
    expect(darkColour('#ffffff80', 'background', 'full')).toBe('#00000080');
    expect(darkColour('transparent', 'background', 'full')).toBe('transparent');
  });
});

describe('darkColour', () => {
  it('partial: turns light backgrounds and dark text, keeps dark backgrounds and light text', () => {
    expect(darkColour('#f3f1ec', 'background', 'partial')).not.toBe('#f3f1ec');
    expect(darkColour('#1f5f4a', 'background', 'partial')).toBe('#1f5f4a');
    expect(darkColour('#2b2b2b', 'foreground', 'partial')).not.toBe('#2b2b2b');
    expect(darkColour('#f3f1ec', 'foreground', 'partial')).toBe('#f3f1ec');
  });

  it('full: turns every colour, dark backgrounds to light ones too', () => {
    expect(luminance(colour(darkColour('#1f5f4a', 'background', 'full')))).toBeGreaterThan(luminance(colour('#1f5f4a')));
    expect(luminance(colour(darkColour('#f3f1ec', 'foreground', 'full')))).toBeLessThan(0.05);
  });
});

describe('darkModeDesign', () => {
  it('writes default colours out and turns them: the white page goes black, the default dark text light', () => {
    const dark = darkModeDesign(email([row([text('Hello')])]), 'partial');
    expect(dark.body.style).toMatchObject({ backgroundColor: '#000000' });
    expect(luminance(colour(dark.body.style!.color!))).toBeGreaterThan(0.5);
  });

  it('turns each colour by its role: backgrounds, text, runs, links, buttons, borders, dividers', () => {
    const doc = email([
      row([
        { type: 'text', content: [{ type: 'paragraph', content: [{ text: 'Run', color: '#333333' }] }], style: { backgroundColor: '#ffffff', linkColor: '#222222' } },
        { type: 'button', text: 'Buy', href: 'https://x.example', style: { border: { width: 1, style: 'solid', color: '#111111' } } },
        { type: 'divider' },
      ], { backgroundColor: '#1b1b1b' }),
    ]);
    const dark = darkModeDesign(doc, 'partial');
    const blocks = dark.body.rows[0].columns[0].blocks;
    const block = blocks[0] as TextBlock;
    expect(block.content[0].type === 'paragraph' && block.content[0].content[0].color).toBe(hex('#333333'));
    expect(block.style).toEqual({ backgroundColor: '#000000', linkColor: hex('#222222') });
    expect(dark.body.rows[0].style?.backgroundColor).toBe('#1b1b1b'); // dark background kept
    expect(blocks[1].type === 'button' && blocks[1].style).toMatchObject({ buttonColor: '#1f2937', color: '#ffffff', border: { color: hex('#111111') } });
    expect(blocks[2].type === 'divider' && blocks[2].style?.color).toBe('#dddddd'); // a light line is kept
  });

  it('keeps images, words and structure, and stays a valid document for the renderer', () => {
    for (const scheme of ['partial', 'full'] as const) {
      const source = example<EmailDesign>('email');
      const dark = darkModeDesign(source, scheme);
      expect(errorsOf(dark)).toEqual([]);
      expect(JSON.stringify(dark).match(/https:\/\/cdn[^"]+/g)).toEqual(JSON.stringify(source).match(/https:\/\/cdn[^"]+/g));
      expect(dark.settings).toEqual(source.settings);
      expect(source).toEqual(example('email')); // the source is not changed
    }
  });
});

// darkModeDesign copies only what it turns and gives back the rest of the design as it is:
// held here to a plain deep copy of the design with every colour field turned (what it did
// before), over the example designs with random colours (light, dark, translucent, none).

const BACKGROUND_FIELDS = ['backgroundColor', 'contentBackgroundColor', 'buttonColor'];
const COLOUR_FIELDS = new Set([...BACKGROUND_FIELDS, 'color', 'linkColor']);
const SCHEMES: DarkModeScheme[] = ['partial', 'full'];

/** Every colour field of a deep copy of `value` turned by its role; a popup overlay's colour is a background. */
function turnedCopy(value: unknown, scheme: DarkModeScheme, parentKey = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => turnedCopy(item, scheme, parentKey));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => {
      const role = BACKGROUND_FIELDS.includes(key) || (key === 'color' && parentKey === 'overlay') ? 'background' : COLOUR_FIELDS.has(key) ? 'foreground' : undefined;
      return [key, typeof field === 'string' && role ? darkColour(field, role, scheme) : turnedCopy(field, scheme, key)];
    }),
  );
}

const holdsColour = (value: unknown): boolean =>
  !!value && typeof value === 'object' && Object.entries(value).some(([key, field]) => COLOUR_FIELDS.has(key) || holdsColour(field));

/** Each object or array inside `source` that holds no colour field is the dark design's own, at the same place. */
function expectSharedWhereColourless(source: unknown, dark: unknown) {
  if (!source || typeof source !== 'object') return;
  if (!holdsColour(source)) return expect(dark).toBe(source);
  for (const [key, field] of Object.entries(source)) expectSharedWhereColourless(field, (dark as Record<string, unknown>)[key]);
}

const randomColour = fc.oneof(
  fc.constantFrom('#ffffff', '#fff', '#000000', '#1b1b1b', '#f3f1ec', '#1f5f4a', '#e9b949', '#ffffff80', '#00000080', 'transparent'),
  fc.integer({ min: 0, max: 0xffffff }).map((rgb) => `#${rgb.toString(16).padStart(6, '0')}`),
);

/** Each colour field inside `value` given the next colour. */
function recolour(value: unknown, next: () => string) {
  if (!value || typeof value !== 'object') return;
  const fields = value as Record<string, unknown>;
  for (const [key, field] of Object.entries(fields)) {
    if (COLOUR_FIELDS.has(key) && typeof field === 'string') fields[key] = next();
    else recolour(field, next);
  }
}

/**
 * The example design of `mode` with random colours, its default ones written out as
 * darkModeDesign writes them (so that turning it is turning a plain copy of it).
 */
function recoloured(mode: DesignDocument['mode']): fc.Arbitrary<DesignDocument> {
  const source = example<DesignDocument>(mode);
  return fc.infiniteStream(randomColour).map((stream) => {
    const colours = stream[Symbol.iterator]();
    const next = () => colours.next().value as string;
    const doc = structuredClone(source);
    doc.body.style = { backgroundColor: next(), color: next(), linkColor: next(), ...(mode === 'popup' ? { contentBackgroundColor: next() } : {}), ...doc.body.style };
    for (const { block } of placedBlocks(doc)) {
      if (block.type === 'button' || block.type === 'form') block.style = { buttonColor: next(), color: next(), ...block.style };
      if (block.type === 'divider') block.style = { color: next(), ...block.style };
    }
    recolour(doc, next);
    return doc;
  });
}

describe('darkModeDesign over example designs in random colours', () => {
  it.each(['email', 'page', 'popup', 'document'] as const)('%s: turns each colour of a copy, shares what holds none, leaves the source alone', (mode) => {
    fc.assert(
      fc.property(recoloured(mode), fc.constantFrom(...SCHEMES), (doc, scheme) => {
        const before = structuredClone(doc);
        const dark = darkModeDesign(doc, scheme);
        expect(dark).toEqual(turnedCopy(doc, scheme));
        const [sources, darks] = [placedBlocks(doc), placedBlocks(dark)];
        sources.forEach((placed, index) => expectSharedWhereColourless(placed.block, darks[index].block));
        expect(doc).toEqual(before);
      }),
      { numRuns: 40 },
    );
  });
});
