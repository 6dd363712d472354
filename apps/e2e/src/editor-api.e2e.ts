// @lane serial: pauses the erasure service.
import { hashSecret } from '@embed/credentials';
import { type ApiAnswer, call, EDITOR_SITE, editorSession, exampleDesign, expectError, newProject } from './support/api';
import { holdRows, query } from './support/database';
import { admin, pauseService, serviceSpecOf, waitFor } from './support/stack';

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

  it('refuses a save from an older revision with 409 revision_conflict and the stored design, saving nothing', async () => {
    const { testKey } = newProject('email');
    const { editor } = await editorSession(testKey, 'ann');
    const doc = exampleDesign('email');
    const { body: design } = await editor('POST', '/designs', { body: { name: 'Shared', doc } });
    const first = await editor('PUT', `/designs/${design.id}`, { body: { doc, name: 'Tab one', baseRevision: 0 } });
    expect(first.body).toMatchObject({ revision: 1, name: 'Tab one' });

    const late = expectError(await editor('PUT', `/designs/${design.id}`, { body: { doc, name: 'Tab two', baseRevision: 0 } }), 409, 'revision_conflict');
    expect(late.body.design).toEqual(first.body);
    expect((await editor('GET', `/designs/${design.id}/revisions`)).body.revisions.map((point: any) => point.revision)).toEqual([1, 0]);

    // Of two saves from the same revision, exactly one goes through.
    const racing = await Promise.all([0, 1].map(() => editor('PUT', `/designs/${design.id}`, { body: { doc, baseRevision: 1 } })));
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await editor('GET', `/designs/${design.id}`)).body.revision).toBe(2);

    expect((await editor('PUT', `/designs/${design.id}`, { body: { doc } })).body.revision).toBe(3);
    expectError(await editor('PUT', `/designs/${design.id}`, { body: { doc, baseRevision: -1 } }), 400, 'request_invalid');
    expectError(await editor('PUT', `/designs/${design.id}`, { body: { doc, baseRevision: '3' } }), 400, 'request_invalid');
    expectError(await editor('PUT', '/designs/01J00000000000000000000000', { body: { doc, baseRevision: 0 } }), 404, 'design_not_found');
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

  describe('CORS (contracts §3)', () => {
    const OTHER_SITE = 'https://other.integrator.example';
    const EVIL = 'https://evil.example';
    const LOCALHOST = 'http://localhost:5173';
    const allowOrigin = (answer: { headers: Headers }) => answer.headers.get('access-control-allow-origin');

    it('lets the token’s site, and only it, read every answer, its refusals included', async () => {
      const project = newProject('email');
      // An allowed site of another project: a real editor site, but not this token's.
      newProject('email', '--test-site', OTHER_SITE);
      const { token, editor } = await editorSession(project.testKey, 'ann');

      const listed = await editor('GET', '/designs');
      expect(listed.status).toBe(200);
      expect(allowOrigin(listed)).toBe(EDITOR_SITE);
      expect(listed.headers.get('vary')).toMatch(/\bOrigin\b/);
      expect(listed.headers.get('access-control-expose-headers')?.split(', ')).toEqual(expect.arrayContaining(['Request-Id', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'Idempotent-Replayed']));

      expect(allowOrigin(expectError(await editor('GET', '/designs/01J00000000000000000000000'), 404, 'design_not_found'))).toBe(EDITOR_SITE);
      expect(allowOrigin(expectError(await editor('POST', '/designs', { body: { name: 'x' } }), 400, 'request_invalid'))).toBe(EDITOR_SITE);

      for (const origin of [OTHER_SITE, EVIL, LOCALHOST]) {
        const elsewhere = expectError(await call('GET', '/editor/v1/designs', { bearer: token, headers: { origin } }), 403, 'origin_not_allowed');
        expect([origin, allowOrigin(elsewhere)]).toEqual([origin, null]);
      }
      expectError(await call('GET', '/editor/v1/designs', { bearer: token }), 403, 'origin_not_allowed');

      admin('project', 'suspend', '--project', project.projectId);
      const suspended = await waitFor('the suspension', async () => {
        const answer = await editor('GET', '/designs');
        return answer.status === 403 && answer;
      }, 1_000);
      expectError(suspended, 403, 'project_suspended');
      expect(allowOrigin(suspended)).toBe(EDITOR_SITE);
      expect(allowOrigin(await call('GET', '/editor/v1/designs', { bearer: token, headers: { origin: OTHER_SITE } }))).toBeNull();
      admin('project', 'suspend', '--project', project.projectId, '--off');

      // The designs service deletes expired tokens (TOKEN_SWEEP_MS), and a token it no longer
      // has is anyone's to read refused: the row is held against that delete while its refusals
      // are read, as a stored token's, which only its site may read.
      const release = await holdRows('SELECT 1 FROM "EditorToken" WHERE "tokenHash" = $1 FOR KEY SHARE', [hashSecret(token)]);
      try {
        await query(`UPDATE "EditorToken" SET "expiresAt" = now() - interval '1 second' WHERE "tokenHash" = $1`, [hashSecret(token)]);
        expect(allowOrigin(expectError(await editor('GET', '/designs'), 401, 'token_invalid'))).toBe(EDITOR_SITE);
        expect(allowOrigin(expectError(await call('GET', '/editor/v1/designs', { bearer: token, headers: { origin: OTHER_SITE } }), 401, 'token_invalid'))).toBeNull();
      } finally {
        await release();
      }

      // Read before the erasure sweep finishes the person (and their tokens with them).
      const leaving = await editorSession(project.testKey, 'leaving');
      await query(`UPDATE "Person" SET state = 'erasing' WHERE "projectId" = $1 AND "externalId" = 'leaving'`, [project.projectId]);
      expect(allowOrigin(expectError(await leaving.editor('GET', '/designs'), 409, 'user_erased'))).toBe(EDITOR_SITE);
      // Four runs of the admin command: slow on a busy machine.
    }, 180_000);

    it('lets any editor site or localhost read a refusal made before a token is found, and no other origin', async () => {
      newProject('email', '--live-site', OTHER_SITE);
      const refusals = (origin: string) => [
        call('GET', '/editor/v1/designs', { headers: { origin } }),
        call('GET', '/editor/v1/designs', { bearer: 'et_forged', headers: { origin } }),
        call('POST', '/editor/v1/designs', { rawBody: 'x', headers: { origin, 'content-type': 'text/plain' } }),
        call('GET', '/editor/v1/no-such-thing', { headers: { origin } }),
      ];
      for (const origin of [EDITOR_SITE, OTHER_SITE, LOCALHOST, 'http://127.0.0.1:8080', EVIL, 'null']) {
        const answers = await Promise.all(refusals(origin));
        expectError(answers[0], 401, 'token_invalid');
        expectError(answers[1], 401, 'token_invalid');
        expectError(answers[2], 415, 'request_invalid');
        expectError(answers[3], 404, 'not_found');
        const readable = ![EVIL, 'null'].includes(origin);
        for (const answer of answers) {
          expect([origin, answer.status, allowOrigin(answer)]).toEqual([origin, answer.status, readable ? origin : null]);
          expect(answer.headers.get('vary')).toMatch(/\bOrigin\b/);
        }
      }
    });

    it('answers preflights for an allowed site of some project or localhost, and refuses every other origin', async () => {
      newProject('email', '--test-site', OTHER_SITE);
      const preflight = (origin?: string) =>
        call('OPTIONS', '/editor/v1/designs/01J00000000000000000000000', {
          headers: { ...(origin && { origin }), 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization,content-type,idempotency-key' },
        });
      for (const origin of [EDITOR_SITE, OTHER_SITE, LOCALHOST, 'http://[::1]:3000']) {
        const answer = await preflight(origin);
        expect([origin, answer.status, allowOrigin(answer)]).toEqual([origin, 204, origin]);
        expect(answer.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, DELETE');
        expect(answer.headers.get('access-control-allow-headers')?.split(', ')).toEqual(['Authorization', 'Content-Type', 'Idempotency-Key']);
        expect(answer.headers.get('vary')).toMatch(/\bOrigin\b/);
      }
      for (const origin of [EVIL, 'https://app.integrator.example.evil.example', 'null', `${EDITOR_SITE}/path`, undefined]) {
        const refused = expectError(await preflight(origin), 403, 'origin_not_allowed');
        expect([origin, allowOrigin(refused), refused.headers.get('access-control-allow-methods')]).toEqual([origin, null, null]);
      }
    });

    it('answers no CORS for the editor’s own files', async () => {
      const sdk = await call('GET', '/editor/v1/embed.js', { headers: { origin: EDITOR_SITE } });
      expect(sdk.status).toBe(200);
      expect(allowOrigin(sdk)).toBeNull();
    });
  });

  describe('a token ends with the key that minted it and the site it was minted for', () => {
    const refusedWithin = (editor: (method: string, path: string) => Promise<ApiAnswer>, what: string) =>
      waitFor(what, async () => {
        const answer = await editor('GET', '/designs');
        return answer.status !== 200 && answer;
      }, 1_000);

    it('refuses the tokens of a revoked key within a second, and keeps those of the project’s other key', async () => {
      const project = newProject('email');
      const revoked = await editorSession(project.testKey, 'ann');
      const kept = await editorSession(project.liveKey, 'ann');
      expect((await revoked.editor('GET', '/designs')).status).toBe(200);
      expect(admin('key', 'revoke', '--key-id', project.testKeyId).status).toBe(0);
      const refused = expectError(await refusedWithin(revoked.editor, 'the token to end with its key'), 401, 'token_invalid');
      // The editor can read it, and asks its page for a new token (which the revoked key cannot mint).
      expect(refused.headers.get('access-control-allow-origin')).toBe(EDITOR_SITE);
      expect((await kept.editor('GET', '/designs')).status).toBe(200);
    });

    it('refuses the tokens of a removed site within a second, and keeps localhost’s and the other environment’s', async () => {
      const project = newProject('email');
      const removed = await editorSession(project.testKey, 'ann');
      const local = await editorSession(project.testKey, 'ann', 'http://localhost:5173');
      const live = await editorSession(project.liveKey, 'ann');
      expect((await removed.editor('GET', '/designs')).status).toBe(200);
      expect(admin('site', 'remove', '--project', project.projectId, '--env', 'test', '--origin', EDITOR_SITE).status).toBe(0);
      expectError(await refusedWithin(removed.editor, 'the token to end with its site'), 401, 'token_invalid');
      expect((await local.editor('GET', '/designs')).status).toBe(200);
      expect((await live.editor('GET', '/designs')).status).toBe(200);
      expectError(await call('POST', '/embed/v1/tokens', { bearer: project.testKey, body: { user: { id: 'ann' }, origin: EDITOR_SITE } }), 403, 'origin_not_allowed');
    });

    it('deletes expired tokens within a few sweeps', async () => {
      const { testKey } = newProject('email');
      const { token } = await editorSession(testKey, 'ann');
      const stored = () => query(`SELECT 1 FROM "EditorToken" WHERE "tokenHash" = $1`, [hashSecret(token)]);
      await query(`UPDATE "EditorToken" SET "expiresAt" = now() - interval '1 second' WHERE "tokenHash" = $1`, [hashSecret(token)]);
      const sweepMs = Number(serviceSpecOf('designs').env['TOKEN_SWEEP_MS']);
      await waitFor('the sweep to delete the expired token', async () => (await stored()).length === 0, sweepMs * 3 + 5_000);
    });
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
    // The erasure service is held still meanwhile: its sweep would finish the erasure, tokens included, within a minute.
    const resume = pauseService('erasure');
    try {
      await query(`UPDATE "Person" SET state = 'erasing' WHERE "projectId" = $1 AND "externalId" = 'leaving'`, [project.projectId]);
      expectError(await editor('GET', '/designs'), 409, 'user_erased');
      expectError(await editor('GET', `/designs/${design.id}`), 409, 'user_erased');
      expectError(await editor('POST', `/designs/${design.id}/export`, { body: { format: 'html' } }), 409, 'user_erased');
    } finally {
      resume();
    }
  });
});
