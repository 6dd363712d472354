import { contrastRatio, formatColour, isLight, luminance, over, parseColour } from './colour';

const colour = (value: string) => parseColour(value)!;

describe('colours', () => {
  it('reads every form the document allows and nothing else', () => {
    expect(parseColour('#abc')).toEqual({ r: 0xaa, g: 0xbb, b: 0xcc, a: 1 });
    expect(parseColour('#1F5F4A')).toEqual({ r: 0x1f, g: 0x5f, b: 0x4a, a: 1 });
    expect(parseColour('#00000080')?.a).toBeCloseTo(0.502, 3);
    expect(parseColour('transparent')).toEqual({ r: 0, g: 0, b: 0, a: 0 });
    for (const other of ['red', 'rgb(0,0,0)', '#12345', '#ggg', '']) expect(parseColour(other)).toBeUndefined();
    expect(formatColour(colour('#1f5f4a'))).toBe('#1f5f4a');
    expect(formatColour(colour('#1f5f4a80'))).toBe('#1f5f4a80');
  });

  it('gives a value read again the same colour, which no caller can change (it is shared)', () => {
    expect(parseColour('#abc')).toBe(parseColour('#abc'));
    expect(Object.isFrozen(parseColour('#abc'))).toBe(true);
    expect(Object.isFrozen(parseColour('transparent'))).toBe(true);
  });

  it('gives the WCAG 2 ratios', () => {
    expect(contrastRatio(colour('#000'), colour('#fff'))).toBeCloseTo(21, 5);
    expect(contrastRatio(colour('#fff'), colour('#fff'))).toBe(1);
    expect(contrastRatio(colour('#777777'), colour('#ffffff'))).toBeCloseTo(4.48, 2);
    expect(contrastRatio(colour('#767676'), colour('#ffffff'))).toBeCloseTo(4.54, 2);
    expect(luminance(colour('#ffffff'))).toBe(1);
  });

  it('paints a translucent colour over what is behind it', () => {
    expect(formatColour(over(colour('#00000080'), colour('#ffffff')))).toBe('#7f7f7f');
    expect(over(colour('transparent'), colour('#123456'))).toEqual({ ...colour('#123456'), a: 1 });
  });

  it('tells light colours from dark ones where black and white contrast alike', () => {
    expect(isLight(colour('#ffffff'))).toBe(true);
    expect(isLight(colour('#f3f1ec'))).toBe(true);
    expect(isLight(colour('#1f2937'))).toBe(false);
    expect(isLight(colour('#1f5f4a'))).toBe(false);
  });
});
