// @lane serial: kills the renderer, pauses the erasure service.
import { call, EDITOR_SITE, exampleDesign, exampleLanguages, expectError, newProject, saveDesign } from './support/api';
import { query } from './support/database';
import { admin, killService, pauseService, startService, waitUntilReady } from './support/stack';

const DESIGN_SUMMARY_FIELDS = ['createdAt', 'id', 'mode', 'name', 'revision', 'updatedAt'];
const HTML_EXPORT_FIELDS = ['bytes', 'chunks', 'design', 'designId', 'exportId', 'html', 'mergeTags', 'mode', 'preheader', 'rendererVersion', 'revision', 'subject', 'text', 'warnings'];

describe('POST /embed/v1/tokens', () => {
  const project = newProject('email');
  const mint = (body: unknown, key = project.testKey) => call('POST', '/embed/v1/tokens', { bearer: key, body });

  it('mints a token for an allowed site, never to be cached, expiring after ttl', async () => {
    const before = Date.now();
    const answer = await mint({ user: { id: 'ann' }, origin: `${EDITOR_SITE}/editor/page?x=1`, ttl: 60 });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(answer.body).sort()).toEqual(['expiresAt', 'token']);
    const lifetime = Date.parse(answer.body.expiresAt) - before;
    expect(lifetime).toBeGreaterThan(55_000);
    expect(lifetime).toBeLessThan(65_000);
    const defaulted = await mint({ user: { id: 'ann' }, origin: EDITOR_SITE });
    expect(Date.parse(defaulted.body.expiresAt) - Date.now()).toBeGreaterThan(890_000);
  });

  it('normalises the origin as a browser states it, and refuses other sites with 403 origin_not_allowed', async () => {
    expect((await mint({ user: { id: 'ann' }, origin: 'HTTPS://APP.Integrator.example:443' })).status).toBe(200);
    expectError(await mint({ user: { id: 'ann' }, origin: 'https://app.integrator.example:8443' }), 403, 'origin_not_allowed');
    expectError(await mint({ user: { id: 'ann' }, origin: 'https://evil.example' }), 403, 'origin_not_allowed');
  });

  it('allows localhost on any port for a test key only', async () => {
    expect((await mint({ user: { id: 'ann' }, origin: 'http://localhost:5173' })).status).toBe(200);
    expectError(await mint({ user: { id: 'ann' }, origin: 'http://localhost:5173' }, project.liveKey), 403, 'origin_not_allowed');
  });

  it.each([
    [{ user: { id: 'ann' }, origin: EDITOR_SITE, ttl: 59 }, /ttl/],
    [{ user: { id: 'ann' }, origin: EDITOR_SITE, ttl: 901 }, /ttl/],
    [{ user: { id: 'ann' }, origin: EDITOR_SITE, ttl: 300.5 }, /ttl/],
    [{ user: { id: '' }, origin: EDITOR_SITE }, /user\.id/],
    [{ user: { id: 'u'.repeat(257) }, origin: EDITOR_SITE }, /user\.id/],
    [{ user: { id: 'ann', email: 'a@b.example' }, origin: EDITOR_SITE }, /user\.email/],
    [{ user: { id: 'ann' } }, /origin/],
    [{ user: { id: 'ann' }, origin: `https://${'a'.repeat(2040)}.example` }, /origin/],
    [{ user: { id: 'ann' }, origin: 'app.integrator.example' }, /origin/],
    [{ origin: EDITOR_SITE }, /user/],
  ])('refuses %j with 400 request_invalid naming the field', async (body, field) => {
    expect(expectError(await mint(body), 400, 'request_invalid').body.error).toMatch(field);
  });

  it('accepts the limits themselves: ttl 60 and 900, a user id of 256 characters', async () => {
    for (const body of [
      { user: { id: 'ann' }, origin: EDITOR_SITE, ttl: 60 },
      { user: { id: 'ann' }, origin: EDITOR_SITE, ttl: 900 },
      { user: { id: 'u'.repeat(256) }, origin: EDITOR_SITE },
    ]) {
      expect((await mint(body)).status).toBe(200);
    }
  });
});

describe('GET /embed/v1/users/{userId}/designs', () => {
  it('gives a person never seen an empty list', async () => {
    const { testKey } = newProject();
    const answer = await call('GET', '/embed/v1/users/nobody/designs', { bearer: testKey });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ designs: [], nextCursor: null });
  });

  it('pages newest first with limit and cursor, summaries only', async () => {
    const { testKey } = newProject();
    const saved = [];
    for (const name of ['first', 'second', 'third']) saved.push(await saveDesign(testKey, 'pager', name));
    const page1 = await call('GET', '/embed/v1/users/pager/designs?limit=2', { bearer: testKey });
    expect(page1.body.designs.map((d: any) => d.name)).toEqual(['third', 'second']);
    expect(Object.keys(page1.body.designs[0]).sort()).toEqual(DESIGN_SUMMARY_FIELDS);
    const page2 = await call('GET', `/embed/v1/users/pager/designs?limit=2&cursor=${encodeURIComponent(page1.body.nextCursor)}`, { bearer: testKey });
    expect(page2.body).toEqual({ designs: [expect.objectContaining({ id: saved[0].id, name: 'first' })], nextCursor: null });

    const tampered = page1.body.nextCursor.slice(0, -2) + (page1.body.nextCursor.endsWith('AA') ? 'BB' : 'AA');
    expectError(await call('GET', `/embed/v1/users/pager/designs?cursor=${encodeURIComponent(tampered)}`, { bearer: testKey }), 400, 'request_invalid');
  });

  it('checks limit at its edges and the user id after URL decoding', async () => {
    const { testKey } = newProject();
    for (const limit of ['1', '200']) expect((await call('GET', `/embed/v1/users/u/designs?limit=${limit}`, { bearer: testKey })).status).toBe(200);
    for (const limit of ['0', '201', '-1', '1.5', 'ten']) {
      expect(expectError(await call('GET', `/embed/v1/users/u/designs?limit=${limit}`, { bearer: testKey }), 400, 'request_invalid').body.error).toMatch(/limit/);
    }
    const longest = encodeURIComponent('é'.repeat(256));
    expect((await call('GET', `/embed/v1/users/${longest}/designs`, { bearer: testKey })).status).toBe(200);
    expectError(await call('GET', `/embed/v1/users/${encodeURIComponent('é'.repeat(257))}/designs`, { bearer: testKey }), 400, 'request_invalid');
  });
});

describe('GET /embed/v1/users/{userId}/designs/{designId}', () => {
  it('answers the design as last saved, with its document', async () => {
    const { testKey } = newProject();
    const saved = await saveDesign(testKey, 'ann', 'Welcome');
    const answer = await call('GET', `/embed/v1/users/ann/designs/${saved.id}`, { bearer: testKey });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body).toEqual({ ...saved, doc: exampleDesign('email') });
  });

  it('answers 404 alike for another person, another project, the other environment and no design', async () => {
    const owner = newProject();
    const other = newProject();
    const { id } = await saveDesign(owner.testKey, 'ann');
    const missing = '0'.repeat(26);
    for (const [key, user, designId] of [
      [owner.testKey, 'bob', id],
      [other.testKey, 'ann', id],
      [owner.liveKey, 'ann', id],
      [owner.testKey, 'ann', missing],
    ]) {
      expectError(await call('GET', `/embed/v1/users/${user}/designs/${designId}`, { bearer: key }), 404, 'design_not_found');
    }
    expectError(await call('GET', '/embed/v1/users/ann/designs/not-26-chars', { bearer: owner.testKey }), 400, 'request_invalid');
  });
});

describe('POST /embed/v1/users/{userId}/designs', () => {
  const create = (key: string, userId: string, body: unknown, headers?: Record<string, string>) =>
    call('POST', `/embed/v1/users/${encodeURIComponent(userId)}/designs`, { bearer: key, body, headers });

  it('creates revision 0 for the person named in the path, sends design.saved, and lists it as theirs only', async () => {
    const { testKey } = newProject('email');
    const answer = await create(testKey, 'migrated person', { name: 'From the old editor', doc: exampleDesign('email') });
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body).sort()).toEqual([...DESIGN_SUMMARY_FIELDS, 'doc'].sort());
    expect(answer.body).toMatchObject({ name: 'From the old editor', mode: 'email', revision: 0, doc: exampleDesign('email') });
    const events = await query<{ type: string; data: any }>(`SELECT type, data FROM "OutboxEvent" WHERE "designId" = $1`, [answer.body.id]);
    expect(events).toEqual([{ type: 'design.saved', data: { designId: answer.body.id, userId: 'migrated person', revision: 0, languages: exampleLanguages('email') } }]);
    expect((await call('GET', `/embed/v1/users/migrated%20person/designs/${answer.body.id}`, { bearer: testKey })).body).toEqual(answer.body);
    expectError(await call('GET', `/embed/v1/users/someone-else/designs/${answer.body.id}`, { bearer: testKey }), 404, 'design_not_found');
  });

  it('answers a repeated Idempotency-Key with the first design instead of making a second', async () => {
    const { testKey } = newProject('email');
    const body = { name: 'Once', doc: exampleDesign('email') };
    const first = await create(testKey, 'ida', body, { 'idempotency-key': 'import-ida-1' });
    const again = await create(testKey, 'ida', body, { 'idempotency-key': 'import-ida-1' });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.id).toBe(first.body.id);
    expect((await call('GET', '/embed/v1/users/ida/designs', { bearer: testKey })).body.designs).toHaveLength(1);
  });

  it('refuses a document of another mode (409), not a design (400 design_invalid), and a body with a field not listed, by name', async () => {
    const { testKey } = newProject('email');
    expectError(await create(testKey, 'ann', { name: 'Page', doc: exampleDesign('page') }), 409, 'mode_unavailable');
    expect(expectError(await create(testKey, 'ann', { name: 'x', doc: { hello: 'world' } }), 400, 'design_invalid').body.error).toMatch(/^doc is not a design/);
    expect(expectError(await create(testKey, 'ann', { name: 'x', doc: exampleDesign('email'), folder: 'a' }), 400, 'request_invalid').body.error).toMatch(/folder/);
    expect(expectError(await create(testKey, 'ann', { doc: exampleDesign('email') }), 400, 'request_invalid').body.error).toMatch(/name/);
    expect(expectError(await create(testKey, 'ann', { name: 'x', doc: [] }), 400, 'request_invalid').body.error).toMatch(/doc/);
    expect((await call('GET', '/embed/v1/users/ann/designs', { bearer: testKey })).body.designs).toEqual([]);
  });

  it('keeps to the person’s design quota, as the editor does', async () => {
    const { testKey, projectId } = newProject('email');
    admin('quota', 'set', '--project', projectId, '--env', 'test', '--person-designs', '1');
    expect((await create(testKey, 'qin', { name: 'one', doc: exampleDesign('email') })).status).toBe(201);
    expect(expectError(await create(testKey, 'qin', { name: 'two', doc: exampleDesign('email') }), 403, 'quota_exceeded').body).toMatchObject({ quota: 'personDesigns', limit: 1 });
  });
});

describe('POST /embed/v1/designs/{id}/export', () => {
  it('answers the HtmlExport of the design as last saved, merged, and records export.created from the server', async () => {
    const { testKey } = newProject();
    const saved = await saveDesign(testKey, 'ann');
    const answer = await call('POST', `/embed/v1/designs/${saved.id}/export`, {
      bearer: testKey,
      body: { user: { id: 'ann' }, merge: { contact: { first_name: 'Ann' } }, text: { links: false } },
    });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(HTML_EXPORT_FIELDS);
    expect(answer.body).toMatchObject({ designId: saved.id, revision: saved.revision, mode: 'email', design: exampleDesign('email') });
    expect(answer.body.html).toContain('Ann');
    expect(answer.body.bytes).toBe(Buffer.byteLength(answer.body.html));
    const events = await query<{ data: any }>(`SELECT data FROM "OutboxEvent" WHERE type = 'export.created' AND "designId" = $1`, [saved.id]);
    expect(events.map((event) => event.data)).toEqual([
      { exportId: answer.body.exportId, designId: saved.id, userId: 'ann', revision: saved.revision, source: 'server', format: 'html' },
    ]);
  });

  it('answers 404 for another person’s design and refuses unknown fields by name', async () => {
    const { testKey } = newProject();
    const saved = await saveDesign(testKey, 'ann');
    expectError(await call('POST', `/embed/v1/designs/${saved.id}/export`, { bearer: testKey, body: { user: { id: 'bob' } } }), 404, 'design_not_found');
    const extra = expectError(await call('POST', `/embed/v1/designs/${saved.id}/export`, { bearer: testKey, body: { user: { id: 'ann' }, format: 'docx' } }), 400, 'request_invalid');
    expect(extra.body.error).toMatch(/format/);
    const nested = expectError(await call('POST', `/embed/v1/designs/${saved.id}/export`, { bearer: testKey, body: { user: { id: 'ann', name: 'Ann' } } }), 400, 'request_invalid');
    expect(nested.body.error).toMatch(/user\.name/);
  });

  it('answers 503 and records nothing when the renderer is down', async () => {
    const { testKey } = newProject();
    const saved = await saveDesign(testKey, 'ann');
    await killService('renderer');
    try {
      expectError(await call('POST', `/embed/v1/designs/${saved.id}/export`, { bearer: testKey, body: { user: { id: 'ann' } } }), 503, 'service_unavailable');
      expect(await query(`SELECT 1 FROM "ExportRecord" WHERE "designId" = $1`, [saved.id])).toEqual([]);
    } finally {
      startService('renderer');
      await waitUntilReady(['renderer']);
    }
  });
});

describe('a person being erased', () => {
  it('gets no token and 409 user_erased on list, get, create and export', async () => {
    const project = newProject();
    const saved = await saveDesign(project.testKey, 'leaving');
    const key = project.testKey;
    // The erasure service is held still meanwhile: its sweep would finish the erasure within a minute.
    const resume = pauseService('erasure');
    try {
      await query(`UPDATE "Person" SET state = 'erasing' WHERE "projectId" = $1 AND "externalId" = 'leaving'`, [project.projectId]);
      expectError(await call('POST', '/embed/v1/tokens', { bearer: key, body: { user: { id: 'leaving' }, origin: EDITOR_SITE } }), 409, 'user_erased');
      expectError(await call('GET', '/embed/v1/users/leaving/designs', { bearer: key }), 409, 'user_erased');
      expectError(await call('GET', `/embed/v1/users/leaving/designs/${saved.id}`, { bearer: key }), 409, 'user_erased');
      expectError(await call('POST', `/embed/v1/designs/${saved.id}/export`, { bearer: key, body: { user: { id: 'leaving' } } }), 409, 'user_erased');
      expectError(await call('POST', '/embed/v1/users/leaving/designs', { bearer: key, body: { name: 'x', doc: exampleDesign('email') } }), 409, 'user_erased');
    } finally {
      resume();
    }
  });
});
