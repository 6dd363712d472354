import { sniffImage } from './image-type';

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
