import { imageDimensions, sniffImage } from './image-type';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('sniffImage', () => {
  it('knows an image by its bytes', async () => {
    expect(await sniffImage(PNG)).toBe('png');
  });

  it('takes a signature followed by a broken-off header for no image, not an error', async () => {
    await expect(sniffImage(Buffer.concat([PNG.subarray(0, 8), Buffer.from([0xc0])]))).resolves.toBeNull();
    for (let cut = 1; cut < PNG.length; cut++) await expect(sniffImage(PNG.subarray(0, cut))).resolves.not.toThrow();
  });

  it('refuses SVG and anything else', async () => {
    expect(await sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(await sniffImage(Buffer.from('hello'))).toBeNull();
  });
});

/** TINY PNG with the width and height its header declares replaced (image-size reads no checksum). */
function declaring(width: number, height: number): Buffer {
  const png = Buffer.from(PNG);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return png;
}

describe('imageDimensions', () => {
  it('reads the size a header declares, however large, from 70 bytes that decode to nothing', () => {
    expect(imageDimensions(PNG)).toEqual({ width: 1, height: 1 });
    expect(imageDimensions(declaring(20000, 20000))).toEqual({ width: 20000, height: 20000 });
  });

  it('gives null for a header cut off, a size of nothing, or no image', () => {
    for (let cut = 0; cut < 24; cut++) expect(imageDimensions(PNG.subarray(0, cut))).toBeNull();
    expect(imageDimensions(declaring(0, 10))).toBeNull();
    expect(imageDimensions(Buffer.from('hello'))).toBeNull();
  });
});
