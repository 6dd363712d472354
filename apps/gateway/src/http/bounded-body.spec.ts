import { PassThrough, Readable } from 'node:stream';
import { readBoundedBody } from './bounded-body';

const bounds = { keepBytes: 10, readBytes: 40 };
const chunksOf = (...sizes: number[]) => Readable.from(sizes.map((size, index) => Buffer.alloc(size, index + 1)));

describe('readBoundedBody', () => {
  it('keeps a body within the limit, whole', async () => {
    expect(await readBoundedBody(chunksOf(4, 6), 10, bounds)).toEqual(Buffer.concat([Buffer.alloc(4, 1), Buffer.alloc(6, 2)]));
    expect(await readBoundedBody(chunksOf(), NaN, bounds)).toEqual(Buffer.alloc(0));
  });

  it('reads a longer body to its end and refuses it', async () => {
    const stream = chunksOf(8, 8, 8, 8, 8);
    expect(await readBoundedBody(stream, NaN, bounds)).toBeNull();
    expect(stream.readableEnded).toBe(true);
  });

  it('stops reading past the bound', async () => {
    const stream = new PassThrough();
    const read = readBoundedBody(stream, NaN, bounds);
    stream.write(Buffer.alloc(30));
    stream.write(Buffer.alloc(30));
    expect(await read).toBeNull();
    expect(stream.isPaused()).toBe(true);
    expect(stream.listenerCount('data')).toBe(0);
  });

  it('refuses a declared length past the bound without reading', async () => {
    const stream = chunksOf(4);
    expect(await readBoundedBody(stream, 41, bounds)).toBeNull();
    expect(stream.readableDidRead).toBe(false);
  });

  it('fails when the stream fails', async () => {
    const stream = new PassThrough();
    const read = readBoundedBody(stream, NaN, bounds);
    stream.destroy(new Error('aborted'));
    await expect(read).rejects.toThrow('aborted');
  });
});
