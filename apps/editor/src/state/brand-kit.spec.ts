import type { BrandKit } from '@embed/contracts';
import { EMPTY_BRAND_KIT } from '@embed/contracts/brand-kit-values';
import { blankDesign, newBlock } from '@embed/editor-core';
import { brandedBlank, brandedBlock, kitFontsToList } from './brand-kit';

const INTER = { stack: 'Inter, Helvetica, Arial, sans-serif', url: 'https://fonts.googleapis.com/css2?family=Inter&display=swap' };
const KIT: BrandKit = {
  ...EMPTY_BRAND_KIT,
  colors: ['#1f5f4a'],
  fonts: [INTER, { stack: 'Georgia, serif' }, { stack: "'Open Sans', Arial", url: 'https://fonts.googleapis.com/css2?family=Open+Sans' }],
  text: { fontFamily: INTER.stack, color: '#2b2b2b', fontSize: 16 },
  link: { color: '#1f5f4a' },
};

describe('a blank design in the brand', () => {
  it('takes the kit’s text style and link colour as the body’s, and lists the web fonts they name', () => {
    const doc = brandedBlank(blankDesign('email', 'Spring'), KIT);
    expect(doc.body.style).toEqual({ fontFamily: INTER.stack, color: '#2b2b2b', fontSize: 16, linkColor: '#1f5f4a' });
    expect(doc.body.fonts).toEqual([{ family: 'Inter', url: INTER.url }]);
    expect(doc.body.rows).toHaveLength(1);
  });

  it('lists a button font’s web font too, and is the blank design itself for the empty kit', () => {
    const doc = brandedBlank(blankDesign('page', 'Spring'), { ...KIT, text: {}, link: {}, button: { fontFamily: "'Open Sans', Arial" } });
    expect(doc.body.fonts).toEqual([{ family: 'Open Sans', url: 'https://fonts.googleapis.com/css2?family=Open+Sans' }]);
    const blank = blankDesign('popup', 'Spring');
    expect(brandedBlank(blank, EMPTY_BRAND_KIT)).toEqual(blank);
  });
});

describe('new blocks and fonts in the brand', () => {
  const button = { buttonColor: '#1f5f4a', color: '#ffffff', borderRadius: 6, fontFamily: "'Open Sans', Arial" };

  it('gives a new button the kit’s button style, and leaves other blocks and kits without one as they were', () => {
    expect(brandedBlock(newBlock('button'), { ...KIT, button })).toEqual({ type: 'button', text: 'Button', href: '', style: button });
    expect(brandedBlock(newBlock('text'), { ...KIT, button })).toEqual(newBlock('text'));
    expect(brandedBlock(newBlock('button'), KIT)).toEqual(newBlock('button'));
    expect(brandedBlock(newBlock('button'), null)).toEqual(newBlock('button'));
  });

  it('lists the web font of a kit stack the design uses and does not list yet, once', () => {
    const blank = blankDesign('email', 'Spring');
    expect(kitFontsToList(blank, KIT)).toBeNull();
    const doc = { ...blank, body: { ...blank.body, rows: [{ columns: [{ blocks: [{ ...newBlock('button'), style: { fontFamily: "'Open Sans', Arial" } }] }] }] } } as typeof blank;
    const fonts = kitFontsToList(doc, KIT);
    expect(fonts).toEqual([{ family: 'Open Sans', url: 'https://fonts.googleapis.com/css2?family=Open+Sans' }]);
    expect(kitFontsToList({ ...doc, body: { ...doc.body, fonts: fonts! } } as typeof blank, KIT)).toBeNull();
    // A web-safe stack has no font to list.
    expect(kitFontsToList({ ...blank, body: { ...blank.body, style: { fontFamily: 'Georgia, serif' } } } as typeof blank, KIT)).toBeNull();
  });
});
