import type { EmailDesign, TextBlock } from '@embed/design-document';
import { contrastRatio, luminance, parseColour } from './colour';
import { darkColour, darkModeDesign, invertLightness } from './dark-mode';
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
