// @lane serial: pauses the designs service.
import { randomUUID } from 'node:crypto';
import { call, EDITOR_SITE, editorSession, exampleDesign, expectError, newProject, saveDesign, type TestProject } from './support/api';
import { query } from './support/database';
import { baseUrl, pauseService, waitFor, waitUntilReady } from './support/stack';

// An export's budget is 15 s: the paused service is held past it.
jest.setTimeout(120_000);

const exportsOf = (designId: string) => query('SELECT id FROM "ExportRecord" WHERE "designId" = $1', [designId]);
const exportEventsOf = (designId: string) => query(`SELECT id FROM "OutboxEvent" WHERE "designId" = $1 AND type = 'export.created'`, [designId]);

describe('Idempotency-Key', () => {
  let project: TestProject;
  beforeAll(() => {
    project = newProject('email');
  });

  const exportDesign = (designId: string, userId: string, key: string, body: Record<string, unknown> = {}) =>
    call('POST', `/embed/v1/designs/${designId}/export`, { bearer: project.testKey, body: { user: { id: userId }, ...body }, headers: { 'idempotency-key': key } });

  it('gives the first answer again for the same key and body, and does the work once', async () => {
    const design = await saveDesign(project.testKey, 'person-twice');
    const key = randomUUID();
    const first = await exportDesign(design.id, 'person-twice', key);
    const second = await exportDesign(design.id, 'person-twice', key);
    expect(first.status).toBe(200);
    expect({ status: second.status, body: second.body }).toEqual({ status: first.status, body: first.body });
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await exportsOf(design.id)).toHaveLength(1);
    expect(await exportEventsOf(design.id)).toHaveLength(1);
  });

  it('refuses the same key with another body, and a malformed key, naming the header', async () => {
    const design = await saveDesign(project.testKey, 'person-reused');
    const key = randomUUID();
    expect((await exportDesign(design.id, 'person-reused', key)).status).toBe(200);
    const reused = expectError(await exportDesign(design.id, 'person-reused', key, { merge: { contact: { first_name: 'Ada' } } }), 409, 'idempotency_key_reused');
    expect(reused.body.error).toContain('Idempotency-Key');
    for (const bad of ['', 'x'.repeat(256), 'clé']) {
      const answer = expectError(await exportDesign(design.id, 'person-reused', bad), 400, 'request_invalid');
      expect(answer.body.error).toContain('Idempotency-Key');
    }
    expect(await exportsOf(design.id)).toHaveLength(1);
  });

  it('keeps a 4xx answer too', async () => {
    const key = randomUUID();
    const missing = '01JAAAAAAAAAAAAAAAAAAAAAAA';
    const first = expectError(await exportDesign(missing, 'person-404', key), 404, 'design_not_found');
    const again = await exportDesign(missing, 'person-404', key);
    expect({ status: again.status, code: again.body.code, error: again.body.error }).toEqual({ status: 404, code: 'design_not_found', error: first.body.error });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('keeps the 400 for a user id past its limit, of any size, and files it under no person', async () => {
    const design = await saveDesign(project.testKey, 'person-long');
    for (const id of ['🙂'.repeat(257), '🙂'.repeat(70_000)]) {
      const key = randomUUID();
      const first = expectError(await exportDesign(design.id, id, key), 400, 'request_invalid');
      expect(first.body.error).toContain('user.id');
      const again = await exportDesign(design.id, id, key);
      expect({ status: again.status, replayed: again.headers.get('idempotent-replayed') }).toEqual({ status: 400, replayed: 'true' });
    }
    expect(await query(`SELECT id FROM "IdempotencyRecord" WHERE "userId" LIKE '🙂%'`)).toHaveLength(0);
  });

  it('scopes an editor key to its person: the same key from another person is another request', async () => {
    const key = randomUUID();
    const body = { name: 'Keyed', doc: exampleDesign('email') };
    const ada = (await editorSession(project.testKey, 'person-ada')).editor;
    const bob = (await editorSession(project.testKey, 'person-bob')).editor;
    const created = await ada('POST', '/designs', { body, headers: { 'idempotency-key': key } });
    const again = await ada('POST', '/designs', { body, headers: { 'idempotency-key': key } });
    const other = await bob('POST', '/designs', { body, headers: { 'idempotency-key': key } });
    expect(created.status).toBe(201);
    expect({ status: again.status, body: again.body }).toEqual({ status: 201, body: created.body });
    expect(other.status).toBe(201);
    expect(other.body.id).not.toBe(created.body.id);
    expect(await query(`SELECT id FROM "Design" WHERE "projectId" = $1 AND name = 'Keyed'`, [project.projectId])).toHaveLength(2);
  });

  it('takes a key for an image upload too, judged by its bytes', async () => {
    const { token } = await editorSession(project.testKey, 'person-images');
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const key = randomUUID();
    const upload = async (bytes: Buffer) => {
      const response = await fetch(`${baseUrl()}/editor/v1/images`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, origin: EDITOR_SITE, 'content-type': 'image/png', 'idempotency-key': key },
        body: new Uint8Array(bytes),
      });
      return { status: response.status, body: await response.json() };
    };
    const first = await upload(png);
    expect(first.status).toBe(201);
    expect(await upload(png)).toEqual(first);
    expect(await upload(Buffer.concat([png, Buffer.from([0])]))).toMatchObject({ status: 409, body: { code: 'idempotency_key_reused' } });
    expect(await query(`SELECT i.id FROM "Image" i JOIN "Person" p ON p.id = i."personId" WHERE p."externalId" = 'person-images' AND p."projectId" = $1`, [project.projectId])).toHaveLength(1);
  });

  it('after a 503 from a service held past the deadline, a retry with the same key exports exactly once', async () => {
    const design = await saveDesign(project.testKey, 'person-held');
    const key = randomUUID();
    const resume = pauseService('designs');
    let late;
    try {
      const pending = exportDesign(design.id, 'person-held', key);
      // While the first request runs, its key is held.
      await waitFor('the first request to hold the key', async () => (await query('SELECT id FROM "IdempotencyRecord" WHERE "userId" = $1 AND status IS NULL', ['person-held'])).length === 1);
      const running = expectError(await exportDesign(design.id, 'person-held', key), 409, 'idempotency_key_reused');
      expect(running.headers.get('retry-after')).toBe('1');
      expect(running.body.error).toContain('still being processed');
      late = await pending;
    } finally {
      resume();
    }
    expectError(late, 503, 'service_unavailable');
    await waitUntilReady();
    expect(await exportsOf(design.id)).toEqual([]);

    const retried = await exportDesign(design.id, 'person-held', key);
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    const replayed = await exportDesign(design.id, 'person-held', key);
    expect(replayed.body).toEqual(retried.body);
    expect(await exportsOf(design.id)).toEqual([{ id: retried.body.exportId }]);
    expect(await exportEventsOf(design.id)).toHaveLength(1);
  });
});
