import { hashSecret } from '@embed/credentials';
import { call, EDITOR_SITE, editorSession, exampleDesign, expectError, newProject } from './support/api';
import { query } from './support/database';

describe('editor API', () => {
  it('creates, lists, gets, saves with restore points, and deletes a design', async () => {
    const { testKey } = newProject('email');
    const { editor } = await editorSession(testKey, 'ann');
    const doc = exampleDesign('email');

    const created = await editor('POST', '/designs', { body: { name: 'Launch', doc } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.stringMatching(/^[0-9A-Z]{26}$/), name: 'Launch', mode: 'email', revision: 0, doc });

    doc.body.rows[0].columns[0].blocks = doc.body.rows[0].columns[0].blocks.slice(0, 1);
    const saved = await editor('PUT', `/designs/${created.body.id}`, { body: { doc, name: 'Launch v2' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: created.body.id, name: 'Launch v2', revision: 1, doc });

    expect((await editor('GET', `/designs/${created.body.id}`)).body).toEqual(saved.body);
    expect((await editor('GET', '/designs')).body).toEqual({ designs: [expect.objectContaining({ id: created.body.id, revision: 1 })], nextCursor: null });
    const revisions = await editor('GET', `/designs/${created.body.id}/revisions`);
    expect(revisions.body.revisions.map((point: any) => [point.revision, point.name])).toEqual([
      [1, 'Launch v2'],
      [0, 'Launch'],
    ]);

    // The server API sees what the editor saved.
    expect((await call('GET', `/embed/v1/users/ann/designs/${created.body.id}`, { bearer: testKey })).body.revision).toBe(1);

    const deleted = await editor('DELETE', `/designs/${created.body.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expectError(await editor('GET', `/designs/${created.body.id}`), 404, 'design_not_found');
    const events = await query<{ type: string }>(`SELECT type FROM "OutboxEvent" WHERE "designId" = $1 ORDER BY "createdAt", id`, [created.body.id]);
    expect(events.map((event) => event.type)).toEqual(['design.saved', 'design.saved', 'design.deleted']);
  });

  it('never loses a save or reuses a revision under concurrent saves', async () => {
    const { testKey } = newProject('email');
    const { editor } = await editorSession(testKey, 'ann');
    const doc = exampleDesign('email');
    const { body: design } = await editor('POST', '/designs', { body: { name: 'Busy', doc } });
    const saves = await Promise.all(Array.from({ length: 12 }, () => editor('PUT', `/designs/${design.id}`, { body: { doc } })));
    expect(saves.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(saves.map((answer) => answer.body.revision).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('refuses a document that is not a design, and one of another mode', async () => {
    const { testKey } = newProject('email');
    const { editor } = await editorSession(testKey, 'ann');
    const doc = exampleDesign('email');
    doc.body.rows[0].columns[0].blocks[0].type = 'carousel';
    const invalid = expectError(await editor('POST', '/designs', { body: { name: 'Bad', doc } }), 400, 'design_invalid');
    expect(invalid.body.error).toMatch(/rows\[0\]\.columns\[0\]\.blocks\[0\]/);
    expectError(await editor('POST', '/designs', { body: { name: 'Popup', doc: exampleDesign('popup') } }), 409, 'mode_unavailable');
    expectError(await editor('POST', '/designs', { body: { name: 'Extra', doc: exampleDesign('email'), folder: 'x' } }), 400, 'request_invalid');
  });

  it('exports HTML, text and files, recording export.created from the editor for each', async () => {
    const { testKey } = newProject('email');
    const { editor } = await editorSession(testKey, 'ann');
    const { body: design } = await editor('POST', '/designs', { body: { name: 'Export me', doc: exampleDesign('email') } });
    const html = await editor('POST', `/designs/${design.id}/export`, { body: { format: 'html' } });
    expect(html.status).toBe(200);
    expect(html.body).toMatchObject({ designId: design.id, revision: 0, mode: 'email' });
    expect(html.body).not.toHaveProperty('format');
    const text = await editor('POST', `/designs/${design.id}/export`, { body: { format: 'text' } });
    expect(text.status).toBe(200);
    for (const format of ['pdf', 'png', 'zip']) {
      const file = await editor('POST', `/designs/${design.id}/export`, { body: { format } });
      expect(file.status).toBe(200);
      expect(file.body).toMatchObject({ designId: design.id, format, url: expect.any(String), bytes: expect.any(Number) });
    }
    const events = await query<{ data: any }>(`SELECT data FROM "OutboxEvent" WHERE type = 'export.created' AND "designId" = $1 ORDER BY "createdAt", id`, [design.id]);
    expect(events.map((event) => [event.data.source, event.data.format])).toEqual([
      ['editor', 'html'],
      ['editor', 'text'],
      ['editor', 'pdf'],
      ['editor', 'png'],
      ['editor', 'zip'],
    ]);
  });

  it('answers CORS for the token’s origin only, and refuses another origin or a bad token', async () => {
    const { testKey } = newProject('email');
    const { token, editor } = await editorSession(testKey, 'ann');
    const answer = await editor('GET', '/designs');
    expect(answer.headers.get('access-control-allow-origin')).toBe(EDITOR_SITE);

    const elsewhere = await call('GET', '/editor/v1/designs', { bearer: token, headers: { origin: 'https://evil.example' } });
    expectError(elsewhere, 403, 'origin_not_allowed');
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
    expectError(await call('GET', '/editor/v1/designs', { bearer: token }), 403, 'origin_not_allowed');
    expectError(await call('GET', '/editor/v1/designs', { headers: { origin: EDITOR_SITE } }), 401, 'token_invalid');
    expectError(await call('GET', '/editor/v1/designs', { bearer: 'et_forged', headers: { origin: EDITOR_SITE } }), 401, 'token_invalid');
    expectError(await call('GET', '/editor/v1/designs', { bearer: testKey, headers: { origin: EDITOR_SITE } }), 401, 'token_invalid');

    const preflight = await call('OPTIONS', '/editor/v1/designs', { headers: { origin: EDITOR_SITE, 'access-control-request-method': 'PUT' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(EDITOR_SITE);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
  });

  it('stops accepting a token once it has expired', async () => {
    const { testKey } = newProject('email');
    const { token, editor } = await editorSession(testKey, 'ann');
    expect((await editor('GET', '/designs')).status).toBe(200);
    await query(`UPDATE "EditorToken" SET "expiresAt" = now() - interval '1 second' WHERE "tokenHash" = $1`, [hashSecret(token)]);
    expectError(await editor('GET', '/designs'), 401, 'token_invalid');
  });

  it('keeps people, projects and environments apart', async () => {
    const project = newProject('email');
    const ann = await editorSession(project.testKey, 'ann');
    const bob = await editorSession(project.testKey, 'bob');
    const annLive = await editorSession(project.liveKey, 'ann');
    const { body: design } = await ann.editor('POST', '/designs', { body: { name: 'Ann’s', doc: exampleDesign('email') } });
    for (const other of [bob, annLive]) {
      expectError(await other.editor('GET', `/designs/${design.id}`), 404, 'design_not_found');
      expectError(await other.editor('PUT', `/designs/${design.id}`, { body: { doc: exampleDesign('email') } }), 404, 'design_not_found');
      expectError(await other.editor('DELETE', `/designs/${design.id}`), 404, 'design_not_found');
      expect((await other.editor('GET', '/designs')).body.designs).toEqual([]);
    }
  });

  it('answers 409 user_erased to the editor of a person being erased', async () => {
    const project = newProject('email');
    const { editor } = await editorSession(project.testKey, 'leaving');
    const { body: design } = await editor('POST', '/designs', { body: { name: 'Mine', doc: exampleDesign('email') } });
    await query(`UPDATE "Person" SET state = 'erasing' WHERE "projectId" = $1 AND "externalId" = 'leaving'`, [project.projectId]);
    expectError(await editor('GET', '/designs'), 409, 'user_erased');
    expectError(await editor('GET', `/designs/${design.id}`), 409, 'user_erased');
    expectError(await editor('POST', `/designs/${design.id}/export`, { body: { format: 'html' } }), 409, 'user_erased');
  });
});
