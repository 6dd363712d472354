// @lane shared
import { type ApiAnswer, call, editorSession, exampleDesign, expectError, newProject } from './support/api';
import { query } from './support/database';
import { download, TINY_PNG } from './file-exports-helpers';
import { eraseUser, type PersonRef, waitUntilErased } from './erasure-helpers';
import { seedDemoLibrary } from './support/demo-library';

// docs/server-api.md "Image library": a person's uploads listed for reuse and deleted (warned
// first while designs show them), and the project's images that the integrator's server
// uploads for everyone. Before it, every list and delete below was 404 not_found or 405.

const png = { rawBody: TINY_PNG as unknown as string, headers: { 'content-type': 'image/png' } };
const IMAGE = { id: expect.stringMatching(/^img_[0-9a-z]{26}$/), url: expect.any(String), thumbnailUrl: expect.any(String), contentType: 'image/png', bytes: TINY_PNG.length, createdAt: expect.any(String) };

function expectStatus(answer: ApiAnswer, status: number): any {
  expect({ status: answer.status, text: answer.status === status ? '' : answer.text }).toEqual({ status, text: '' });
  return answer.body;
}

const projectImages = (key: string, method = 'GET', path = '', options = {}) => call(method, `/embed/v1/images${path}`, { bearer: key, ...options });

/** The quota usage the person's row keeps (what an upload charged and a delete gave back). */
async function personUsage(projectId: string, userId: string) {
  const [row] = await query<{ imageCount: number; imageBytes: string }>(`SELECT "imageCount", "imageBytes"::text FROM "Person" WHERE "projectId" = $1 AND "externalId" = $2 AND environment = 'test'`, [projectId, userId]);
  return row && { images: row.imageCount, bytes: Number(row.imageBytes) };
}

describe('the image library', () => {
  it('lists a person’s uploads newest first, page by page, and no one else’s', async () => {
    const { testKey } = newProject('email');
    const { editor } = await editorSession(testKey, 'person-1');
    const urls: string[] = [];
    for (let i = 0; i < 3; i++) urls.unshift(expectStatus(await editor('POST', '/images', png), 201).url);

    const first = expectStatus(await editor('GET', '/images?limit=2'), 200);
    expect(first.images).toEqual([
      { ...IMAGE, url: urls[0], owner: 'person' },
      { ...IMAGE, url: urls[1], owner: 'person' },
    ]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = expectStatus(await editor('GET', `/images?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`), 200);
    expect({ urls: second.images.map((image: { url: string }) => image.url), next: second.nextCursor }).toEqual({ urls: [urls[2]], next: null });

    // Another person of the project, and the project's own library, hold none of them.
    const other = await editorSession(testKey, 'person-2');
    expect(expectStatus(await other.editor('GET', '/images'), 200)).toEqual({ images: [], nextCursor: null });
    expect(expectStatus(await editor('GET', '/images?owner=project'), 200)).toEqual({ images: [], nextCursor: null });
    // A cursor of one person's list is refused in another's.
    expectError(await other.editor('GET', `/images?cursor=${encodeURIComponent(first.nextCursor)}`), 400, 'request_invalid');
    expectError(await editor('GET', '/images?owner=everyone'), 400, 'request_invalid');
  });

  it('warns before deleting an image the person’s designs show, deletes it when asked again, and gives its quota back', async () => {
    const { projectId, testKey } = newProject('email');
    const { editor } = await editorSession(testKey, 'person-1');
    const shown = expectStatus(await editor('POST', '/images', png), 201).url as string;
    const unused = expectStatus(await editor('POST', '/images', png), 201).url as string;
    const listed = expectStatus(await editor('GET', '/images'), 200).images as { id: string; url: string }[];
    const idOf = (url: string) => listed.find((image) => image.url === url)!.id;
    const doc = exampleDesign('email');
    const firstImage = doc.body.rows.flatMap((row: any) => row.columns).flatMap((column: any) => column.blocks).find((block: any) => block.type === 'image');
    firstImage.src = shown;
    expectStatus(await editor('POST', '/designs', { body: { name: 'Spring sale', doc } }), 201);
    expect(await personUsage(projectId, 'person-1')).toEqual({ images: 2, bytes: 2 * TINY_PNG.length });

    const warned = expectError(await editor('DELETE', `/images/${idOf(shown)}`), 409, 'image_in_use');
    expect(warned.body.designs).toEqual([{ id: expect.any(String), name: 'Spring sale' }]);
    expect(warned.body.error).toContain('“Spring sale”');
    expect((await download(shown)).status).toBe(200);

    expectStatus(await editor('DELETE', `/images/${idOf(unused)}`), 204);
    expectStatus(await editor('DELETE', `/images/${idOf(shown)}?force=true`), 204);
    expect(expectStatus(await editor('GET', '/images'), 200)).toEqual({ images: [], nextCursor: null });
    expect([(await download(shown)).status, (await download(unused)).status]).toEqual([404, 404]);
    expect(await personUsage(projectId, 'person-1')).toEqual({ images: 0, bytes: 0 });

    expectError(await editor('DELETE', `/images/${idOf(unused)}`), 404, 'image_not_found');
    expectError(await editor('DELETE', '/images/not-an-image'), 400, 'request_invalid');
    // Another person cannot delete this person's image: it is not in their library.
    const again = expectStatus(await editor('POST', '/images', png), 201).url as string;
    const againId = (expectStatus(await editor('GET', '/images'), 200).images as { id: string; url: string }[]).find((i) => i.url === again)!.id;
    const other = await editorSession(testKey, 'person-2');
    expectError(await other.editor('DELETE', `/images/${againId}?force=true`), 404, 'image_not_found');
    expect((await download(again)).status).toBe(200);
  });

  it('keeps the project’s images, uploaded by its server, for every person of its environment', async () => {
    const { testKey, liveKey } = newProject('email');
    const other = newProject('email');
    const uploaded = expectStatus(await projectImages(testKey, 'POST', '', png), 201);
    expect(uploaded).toEqual({ ...IMAGE, owner: 'project' });
    expect((await download(uploaded.url)).status).toBe(200);

    expect(expectStatus(await projectImages(testKey), 200)).toEqual({ images: [uploaded], nextCursor: null });
    const { editor } = await editorSession(testKey, 'person-1');
    expect(expectStatus(await editor('GET', '/images?owner=project'), 200)).toEqual({ images: [uploaded], nextCursor: null });
    expect(expectStatus(await editor('GET', '/images'), 200)).toEqual({ images: [], nextCursor: null });
    // The live environment and another project see none of it, and cannot delete it.
    expect(expectStatus(await projectImages(liveKey), 200)).toEqual({ images: [], nextCursor: null });
    expect(expectStatus(await projectImages(other.testKey), 200)).toEqual({ images: [], nextCursor: null });
    expectError(await projectImages(other.testKey, 'DELETE', `/${uploaded.id}`), 404, 'image_not_found');
    // A person cannot delete the project's image from the editor.
    expectError(await editor('DELETE', `/images/${uploaded.id}?force=true`), 404, 'image_not_found');

    expectError(await projectImages(testKey, 'POST', '', { rawBody: '<svg xmlns="http://www.w3.org/2000/svg"/>', headers: { 'content-type': 'image/svg+xml' } }), 400, 'request_invalid');
    expectError(await projectImages(testKey, 'POST', '', { rawBody: 'hello', headers: { 'content-type': 'image/png' } }), 400, 'request_invalid');

    expectStatus(await projectImages(testKey, 'DELETE', `/${uploaded.id}`), 204);
    expect(expectStatus(await projectImages(testKey), 200)).toEqual({ images: [], nextCursor: null });
    expect((await download(uploaded.url)).status).toBe(404);
    expectError(await projectImages(testKey, 'DELETE', `/${uploaded.id}`), 404, 'image_not_found');
  });

  it('is erased with the person, and the project’s images stay', async () => {
    const { projectId, testKey } = newProject('email');
    const person: PersonRef = { projectId, environment: 'test', userId: 'erased-person' };
    const { editor } = await editorSession(testKey, person.userId);
    const own = expectStatus(await editor('POST', '/images', png), 201).url as string;
    const shared = expectStatus(await projectImages(testKey, 'POST', '', png), 201);

    expect((await eraseUser(testKey, person.userId)).status).toBe(202);
    await waitUntilErased(person);
    expect((await download(own)).status).toBe(404);
    const fresh = await editorSession(testKey, person.userId);
    expect(expectStatus(await fresh.editor('GET', '/images'), 200)).toEqual({ images: [], nextCursor: null });
    expect(expectStatus(await fresh.editor('GET', '/images?owner=project'), 200)).toEqual({ images: [shared], nextCursor: null });
    expect((await download(shared.url)).status).toBe(200);
  });

  it('gives the demo project two images with npm start’s seeding, once', async () => {
    const { testKey } = newProject('email');
    seedDemoLibrary(testKey);
    seedDemoLibrary(testKey);
    const listed = expectStatus(await projectImages(testKey), 200);
    expect(listed.images.map((image: { owner: string; contentType: string }) => [image.owner, image.contentType])).toEqual([
      ['project', 'image/png'],
      ['project', 'image/png'],
    ]);
    for (const image of listed.images) expect((await download(image.url)).status).toBe(200);
  });
});
