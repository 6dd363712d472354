// @lane shared
import sharp from 'sharp';
import { type ApiAnswer, call, editorSession, newProject } from './support/api';
import { download, TINY_PNG } from './file-exports-helpers';
import { eraseUser, type PersonRef, waitUntilErased } from './erasure-helpers';

// docs/server-api.md "Image library": each uploaded image gets a small WebP thumbnail made at
// upload (sharp) and kept beside it, which the libraries list as `thumbnailUrl` and the
// editor's library shows; it goes with its image when the image is deleted or its person
// erased. Before it, the libraries showed every image at full size as its own thumbnail.

function expectStatus(answer: ApiAnswer, status: number): any {
  expect({ status: answer.status, text: answer.status === status ? '' : answer.text }).toEqual({ status, text: '' });
  return answer.body;
}

/** A photo-sized image (noise, so it does not compress to nothing) of `width` by `height`, as `format`. */
async function photo(width: number, height: number, format: 'png' | 'jpeg'): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width, height, channels: 3 } })[format]().toBuffer();
}

const upload = (bytes: Buffer, contentType: string) => ({ rawBody: bytes as unknown as string, headers: { 'content-type': contentType } });

/** What a thumbnail address serves: its status, type and, when served, its size in pixels and bytes. */
async function served(url: string) {
  const got = await download(url);
  if (got.status !== 200) return { status: got.status };
  const { width, height, format } = await sharp(got.bytes).metadata();
  return { status: got.status, type: got.headers.get('content-type'), format, width, height, bytes: got.bytes.length };
}

describe('image thumbnails', () => {
  it('are made small at upload, listed beside each image, and go with it when it is deleted', async () => {
    const { testKey } = newProject('email');
    const { editor } = await editorSession(testKey, 'person-1');
    const big = await photo(1600, 1200, 'jpeg');
    expectStatus(await editor('POST', '/images', upload(big, 'image/jpeg')), 201);
    expectStatus(await editor('POST', '/images', upload(TINY_PNG, 'image/png')), 201);
    const [tiny, photoImage] = expectStatus(await editor('GET', '/images'), 200).images;

    expect(photoImage.thumbnailUrl).not.toBe(photoImage.url);
    const thumbnail = await served(photoImage.thumbnailUrl);
    expect(thumbnail).toEqual({ status: 200, type: 'image/webp', format: 'webp', width: 320, height: 240, bytes: expect.any(Number) });
    expect(thumbnail.bytes).toBeLessThan(big.length / 10);
    // Never larger than the image itself.
    expect(await served(tiny.thumbnailUrl)).toMatchObject({ status: 200, format: 'webp', width: 1, height: 1 });

    const projectImage = expectStatus(await call('POST', '/embed/v1/images', { bearer: testKey, ...upload(await photo(600, 900, 'png'), 'image/png') }), 201);
    expect(await served(projectImage.thumbnailUrl)).toMatchObject({ status: 200, format: 'webp', width: 213, height: 320 });

    expectStatus(await editor('DELETE', `/images/${photoImage.id}?force=true`), 204);
    expectStatus(await call('DELETE', `/embed/v1/images/${projectImage.id}`, { bearer: testKey }), 204);
    for (const url of [photoImage.url, photoImage.thumbnailUrl, projectImage.url, projectImage.thumbnailUrl]) expect({ url, status: (await download(url)).status }).toEqual({ url, status: 404 });
    expect(await served(tiny.thumbnailUrl)).toMatchObject({ status: 200 });
  });

  it('go with their person at erasure; the project’s stay', async () => {
    const { projectId, testKey } = newProject('email');
    const person: PersonRef = { projectId, environment: 'test', userId: 'erased-person' };
    const { editor } = await editorSession(testKey, person.userId);
    expectStatus(await editor('POST', '/images', upload(await photo(800, 600, 'png'), 'image/png')), 201);
    const [own] = expectStatus(await editor('GET', '/images'), 200).images;
    const shared = expectStatus(await call('POST', '/embed/v1/images', { bearer: testKey, ...upload(await photo(800, 600, 'jpeg'), 'image/jpeg') }), 201);
    expect(await served(own.thumbnailUrl)).toMatchObject({ status: 200, width: 320 });

    expect((await eraseUser(testKey, person.userId)).status).toBe(202);
    await waitUntilErased(person);
    expect([(await download(own.url)).status, (await download(own.thumbnailUrl)).status]).toEqual([404, 404]);
    expect(await served(shared.thumbnailUrl)).toMatchObject({ status: 200, width: 320, height: 240 });
  });
});
