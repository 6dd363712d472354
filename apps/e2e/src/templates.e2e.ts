// @lane shared
import { randomUUID } from 'node:crypto';
import { type ApiAnswer, call, type CallOptions, exampleDesign, expectError, newProject } from './support/api';
import { query } from './support/database';
import { storedFiles } from './erasure-helpers';
import { seedDemoLibrary } from './support/demo-library';

// docs/server-api.md "Templates": the integrator's server keeps the project's templates per
// environment, each with a thumbnail the renderer makes. Before them, every call below
// was 404 not_found.

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const email = exampleDesign('email');

const server = (key: string) => (method: string, path: string, options: CallOptions = {}) => call(method, `/embed/v1/templates${path}`, { bearer: key, ...options });

function expectStatus(answer: ApiAnswer, status: number): any {
  expect({ status: answer.status, text: answer.status === status ? '' : answer.text }).toEqual({ status, text: '' });
  return answer.body;
}

/** The thumbnails in the stack's storage whose key holds `needle` (folders left out). */
const thumbnailFiles = (needle: string) => storedFiles([needle]).filter((file) => file.endsWith('.png'));

/** The stored file a thumbnail link points to, by its key. */
const thumbnailKeyOf = (url: string) => new URL(url).pathname.replace('/files/v1/', '');

async function fetchThumbnail(url: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const response = await fetch(url);
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('templates through the server API', () => {
  it('creates a template with a PNG thumbnail the renderer made, reads it back with its document, and lists it', async () => {
    const { testKey } = newProject('email');
    const templates = server(testKey);
    const created = expectStatus(await templates('POST', '', { body: { name: 'Welcome', doc: email } }), 201);
    expect(created).toMatchObject({ id: expect.stringMatching(/^tpl_[0-9a-z]{26}$/), name: 'Welcome', mode: 'email', doc: email });
    expect(created.createdAt).toBe(created.updatedAt);
    expect(Date.parse(created.thumbnailExpiresAt)).toBeGreaterThan(Date.now() + 3_600_000);

    const thumbnail = await fetchThumbnail(created.thumbnailUrl);
    expect({ status: thumbnail.status, type: thumbnail.type }).toEqual({ status: 200, type: 'image/png' });
    expect(thumbnail.bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    // The first screen of a 600 px email at least: a picture, not an empty file.
    expect(thumbnail.bytes.readUInt32BE(16)).toBeGreaterThanOrEqual(600);
    expect(thumbnail.bytes.length).toBeGreaterThan(2_000);
    // The link is signed: the same key without its signature is refused.
    expect((await fetch(created.thumbnailUrl.split('?')[0])).status).toBeGreaterThanOrEqual(400);

    const read = expectStatus(await templates('GET', `/${created.id}`), 200);
    expect(read).toMatchObject({ id: created.id, name: 'Welcome', mode: 'email', doc: email, createdAt: created.createdAt });
    const list = expectStatus(await templates('GET', ''), 200);
    expect(list).toEqual({ templates: [expect.objectContaining({ id: created.id, name: 'Welcome' })], nextCursor: null });
    expect(list.templates[0]).not.toHaveProperty('doc');
  });

  it('pages the list newest first with a signed cursor, and a replace does not move a template', async () => {
    const { testKey, liveKey } = newProject('email');
    const templates = server(testKey);
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three']) ids.push(expectStatus(await templates('POST', '', { body: { name, doc: email } }), 201).id);
    expectStatus(await templates('PUT', `/${ids[0]}`, { body: { name: 'One again', doc: email } }), 200);

    const first = expectStatus(await templates('GET', '?limit=2'), 200);
    expect(first.templates.map((template: { id: string }) => template.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = expectStatus(await templates('GET', `?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`), 200);
    expect(second).toEqual({ templates: [expect.objectContaining({ id: ids[0], name: 'One again' })], nextCursor: null });

    // The cursor is the test environment's list: the live key's list refuses it, and an altered one is refused.
    expectError(await server(liveKey)('GET', `?cursor=${encodeURIComponent(first.nextCursor)}`), 400, 'request_invalid');
    expectError(await templates('GET', `?cursor=${encodeURIComponent(`x${first.nextCursor}`)}`), 400, 'request_invalid');
    expectError(await templates('GET', '?limit=201'), 400, 'request_invalid');
  });

  it('replaces the name, the document and the thumbnail, and removes the old thumbnail’s file', async () => {
    const { testKey } = newProject('email');
    const templates = server(testKey);
    const created = expectStatus(await templates('POST', '', { body: { name: 'Welcome', doc: email } }), 201);
    const changed = structuredClone(email);
    changed.settings.subject = 'A new subject';
    const replaced = expectStatus(await templates('PUT', `/${created.id}`, { body: { name: 'Welcome (v2)', doc: changed } }), 200);
    expect(replaced).toMatchObject({ id: created.id, name: 'Welcome (v2)', doc: changed, createdAt: created.createdAt });
    expect(Date.parse(replaced.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
    const [before, after] = [thumbnailKeyOf(created.thumbnailUrl), thumbnailKeyOf(replaced.thumbnailUrl)];
    expect(after).not.toBe(before);
    expect(thumbnailFiles(created.id)).toEqual([after]);
    expect((await fetchThumbnail(replaced.thumbnailUrl)).status).toBe(200);
    expect(expectStatus(await templates('GET', `/${created.id}`), 200)).toMatchObject({ name: 'Welcome (v2)', doc: changed });
  });

  it('deletes a template with its thumbnail; then it is 404 template_not_found', async () => {
    const { testKey } = newProject('email');
    const templates = server(testKey);
    const created = expectStatus(await templates('POST', '', { body: { name: 'Welcome', doc: email } }), 201);
    expect(thumbnailFiles(created.id)).toHaveLength(1);
    expect((await templates('DELETE', `/${created.id}`)).status).toBe(204);
    expect(thumbnailFiles(created.id)).toEqual([]);
    expectError(await templates('GET', `/${created.id}`), 404, 'template_not_found');
    expectError(await templates('DELETE', `/${created.id}`), 404, 'template_not_found');
    expectError(await templates('PUT', `/${created.id}`, { body: { name: 'Back', doc: email } }), 404, 'template_not_found');
    expect(expectStatus(await templates('GET', ''), 200)).toEqual({ templates: [], nextCursor: null });
  });

  it('keeps each project’s environments apart: another environment or project sees, changes and deletes nothing of it', async () => {
    const { testKey, liveKey } = newProject('email');
    const other = newProject('email');
    const created = expectStatus(await server(testKey)('POST', '', { body: { name: 'Test only', doc: email } }), 201);
    for (const key of [liveKey, other.testKey]) {
      expect(expectStatus(await server(key)('GET', ''), 200)).toEqual({ templates: [], nextCursor: null });
      expectError(await server(key)('GET', `/${created.id}`), 404, 'template_not_found');
      expectError(await server(key)('PUT', `/${created.id}`, { body: { name: 'Taken', doc: email } }), 404, 'template_not_found');
      expectError(await server(key)('DELETE', `/${created.id}`), 404, 'template_not_found');
    }
    expect(expectStatus(await server(testKey)('GET', `/${created.id}`), 200)).toMatchObject({ name: 'Test only' });
    expect(thumbnailFiles(created.id)).toHaveLength(1);
  });

  it('answers a retried create with the same Idempotency-Key with the first answer, and makes one template', async () => {
    const { projectId, testKey } = newProject('email');
    const templates = server(testKey);
    const headers = { 'idempotency-key': randomUUID() };
    const first = expectStatus(await templates('POST', '', { body: { name: 'Once', doc: email }, headers }), 201);
    const again = expectStatus(await templates('POST', '', { body: { name: 'Once', doc: email }, headers }), 201);
    expect(again.id).toBe(first.id);
    expect(await query(`SELECT name FROM "Template" WHERE "projectId" = $1`, [projectId])).toEqual([{ name: 'Once' }]);
    expectError(await templates('POST', '', { body: { name: 'Other', doc: email }, headers }), 409, 'idempotency_key_reused');
  });

  it('refuses bad input with the documented codes, naming the field, and stores nothing', async () => {
    const { projectId, testKey } = newProject('email');
    const templates = server(testKey);
    expectError(await templates('POST', '', { body: { name: 'Page', doc: exampleDesign('page') } }), 409, 'mode_unavailable');
    const invalid = expectError(await templates('POST', '', { body: { name: 'Broken', doc: { ...email, schemaVersion: 'one' } } }), 400, 'design_invalid');
    expect(invalid.body.error).toMatch(/schemaVersion/);
    expect(expectError(await templates('POST', '', { body: { name: '', doc: email } }), 400, 'request_invalid').body.error).toMatch(/name/);
    expect(expectError(await templates('POST', '', { body: { name: 'x', doc: email, locked: true } }), 400, 'request_invalid').body.error).toMatch(/locked/);
    expect(expectError(await templates('POST', '', { body: { name: 'x' } }), 400, 'request_invalid').body.error).toMatch(/doc/);
    expect(expectError(await templates('GET', '/tpl_nope'), 400, 'request_invalid').body.error).toMatch(/templateId/);
    expect(expectError(await templates('PUT', `/tpl_${'0'.repeat(26)}`, { body: { doc: email } }), 400, 'request_invalid').body.error).toMatch(/name/);
    expectError(await call('GET', '/embed/v1/templates'), 401, 'key_invalid');
    expect(await query(`SELECT id FROM "Template" WHERE "projectId" = $1`, [projectId])).toEqual([]);
    expect(thumbnailFiles(projectId)).toEqual([]);
  });

  it('refuses the template past the 500 an environment keeps with 403 quota_exceeded, and keeps no thumbnail of it', async () => {
    const { projectId, testKey, liveKey } = newProject('email');
    await query(
      `INSERT INTO "Template" (id, "projectId", environment, name, mode, doc, "thumbnailKey", "updatedAt")
       SELECT 'tpl_' || lpad(n::text, 26, '0'), $1, 'test', 'Filler', 'email', '{}'::jsonb, 'templates/' || $1 || '/test/filler/' || n || '.png', now()
       FROM generate_series(1, 500) AS n`,
      [projectId],
    );
    const refused = expectError(await server(testKey)('POST', '', { body: { name: 'One too many', doc: email } }), 403, 'quota_exceeded');
    expect(refused.body).toMatchObject({ quota: 'projectTemplates', limit: 500 });
    expect(thumbnailFiles(`${projectId}/test`)).toEqual([]);
    // The live environment keeps its own.
    expectStatus(await server(liveKey)('POST', '', { body: { name: 'Live', doc: email } }), 201);
  });

  it('gives the demo project of `npm start` its two templates once (tools/lib/demo-library.mjs), however often it runs', async () => {
    const { testKey } = newProject('email');
    seedDemoLibrary(testKey);
    seedDemoLibrary(testKey);
    const listed = expectStatus(await server(testKey)('GET', ''), 200);
    expect(listed.templates.map((template: { name: string }) => template.name)).toEqual(['Welcome email', 'Spring newsletter']);
  });
});
