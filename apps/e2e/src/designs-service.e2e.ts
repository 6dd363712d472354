// @lane shared
// The designs service on its own, spoken to over NATS as the gateway does: tokens,
// designs, paging, restore points, outbox events and HTML export against the real
// database and renderer.
import { type ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { firstValueFrom, timeout } from 'rxjs';
import { DESIGNS_SUBJECTS, type MintTokenRequest, type PersonScope, type ServiceReply } from '@embed/contracts';
import { hashSecret } from '@embed/credentials';
import { ServiceClient } from '@embed/service-runtime';
import { holdDesign } from './erasure-helpers';
import { exampleLanguages } from './support/api';
import { holdRows, query } from './support/database';
import { admin, stackEnv, waitFor } from './support/stack';

const example = (mode: string) => JSON.parse(readFileSync(path.resolve(__dirname, `../../../docs/examples/designs/${mode}.json`), 'utf8'));
const SITE = 'https://app.example.com';

let client: ClientProxy;
const call = <T = any>(subject: string, payload: unknown) =>
  firstValueFrom(client.send<ServiceReply<T>>(subject, payload).pipe(timeout(15_000)));
/** The value of a reply that must succeed. */
async function value<T = any>(subject: string, payload: unknown): Promise<T> {
  const reply = await call<T>(subject, payload);
  if (!reply.ok) throw new Error(`${subject} failed: ${JSON.stringify(reply.error)}`);
  return reply.value;
}
const refusal = (status: number, code: string) => ({ ok: false, error: expect.objectContaining({ status, code }) });
/** A refusal of a stored token names the site it is for (VerifyTokenReply). */
const tokenRefusal = (status: number, code: string) => ({ ...refusal(status, code), tokenOrigin: SITE });

/** The test key of each project made here: a token names the key that minted it. */
const testKeyIds = new Map<string, string>();
function newProject(mode = 'email') {
  const { projectId, keys } = admin('project', 'create', '--name', 'Designs e2e', '--mode', mode, '--test-site', SITE, '--live-site', SITE).json;
  testKeyIds.set(projectId, keys.test.keyId);
  return projectId as string;
}
/** A token request of the project's test key for `userId` on the site, for a minute. */
const mintRequest = (projectId: string, userId: string): MintTokenRequest => ({
  scope: { projectId, environment: 'test' },
  keyId: testKeyIds.get(projectId) as string,
  userId,
  origin: SITE,
  ttlSeconds: 60,
});
const personOf = (projectId: string, userId: string, environment: 'test' | 'live' = 'test'): PersonScope => ({ projectId, environment, userId });
const createDesign = (person: PersonScope, name = 'A design') =>
  value(DESIGNS_SUBJECTS.create, { person, mode: 'email', name, doc: example('email') });
const outbox = (designId: string) => query<{ type: string; data: any; personId: string }>(`SELECT type, data, "personId" FROM "OutboxEvent" WHERE "designId" = $1 ORDER BY "createdAt", id`, [designId]);
const markErasing = (person: PersonScope) =>
  query(`UPDATE "Person" SET state = 'erasing' WHERE "projectId" = $1 AND environment = $2 AND "externalId" = $3`, [person.projectId, person.environment, person.userId]);

beforeAll(() => (client = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: stackEnv().NATS_URL } })));
afterAll(() => client.close());

describe('editor tokens', () => {
  let projectId: string;
  beforeAll(() => (projectId = newProject()));
  const mint = (overrides: Record<string, unknown> = {}) =>
    call<{ token: string; expiresAt: string }>(DESIGNS_SUBJECTS.mintToken, { ...mintRequest(projectId, 'tok-user'), ttlSeconds: 900, ...overrides });

  it('mints a token for an allowed site, keeps only its hash and makes the person known', async () => {
    const reply = await mint();
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    const rows = await query(`SELECT t.origin, t."expiresAt" FROM "EditorToken" t WHERE t."tokenHash" = $1`, [hashSecret(reply.value.token)]);
    expect(rows).toEqual([{ origin: SITE, expiresAt: new Date(reply.value.expiresAt) }]);
    expect(await query(`SELECT 1 FROM "EditorToken" WHERE "tokenHash" = $1 OR id = $1`, [reply.value.token])).toEqual([]);
    expect(await query(`SELECT state FROM "Person" WHERE "projectId" = $1 AND "externalId" = 'tok-user'`, [projectId])).toEqual([{ state: 'active' }]);
  });

  it('allows localhost on any port with a test key only', async () => {
    expect((await mint({ origin: 'http://localhost:5173' })).ok).toBe(true);
    await expect(mint({ origin: 'http://localhost:5173', scope: { projectId, environment: 'live' } })).resolves.toEqual(refusal(403, 'origin_not_allowed'));
  });

  it('refuses a site that is not allowed', async () => {
    await expect(mint({ origin: 'https://evil.example.com' })).resolves.toEqual(refusal(403, 'origin_not_allowed'));
  });

  it('verifies a token from its own site only, until it expires', async () => {
    const { token } = await value(DESIGNS_SUBJECTS.mintToken, mintRequest(projectId, 'tok-user'));
    await expect(value(DESIGNS_SUBJECTS.verifyToken, { token, origin: SITE })).resolves.toEqual({ projectId, environment: 'test', userId: 'tok-user', origin: SITE, mode: 'email', access: 'edit' });
    await expect(call(DESIGNS_SUBJECTS.verifyToken, { token, origin: 'https://other.example.com' })).resolves.toEqual(tokenRefusal(403, 'origin_not_allowed'));
    await expect(call(DESIGNS_SUBJECTS.verifyToken, { token, origin: null })).resolves.toEqual(tokenRefusal(403, 'origin_not_allowed'));
    await query(`UPDATE "EditorToken" SET "expiresAt" = now() - interval '1 second' WHERE "tokenHash" = $1`, [hashSecret(token)]);
    await expect(call(DESIGNS_SUBJECTS.verifyToken, { token, origin: SITE })).resolves.toEqual(tokenRefusal(401, 'token_invalid'));
    await expect(call(DESIGNS_SUBJECTS.verifyToken, { token: 'et_unknown', origin: SITE })).resolves.toEqual(refusal(401, 'token_invalid'));
  });

  it('refuses the tokens of a suspended project', async () => {
    const suspended = newProject();
    const { token } = await value(DESIGNS_SUBJECTS.mintToken, mintRequest(suspended, 'u'));
    admin('project', 'suspend', '--project', suspended);
    await expect(call(DESIGNS_SUBJECTS.verifyToken, { token, origin: SITE })).resolves.toEqual(tokenRefusal(403, 'project_suspended'));
  });

  it('keeps what a token allows and answers it with the session; a mint without it makes an edit token', async () => {
    const read = await mint({ access: 'read' });
    if (!read.ok) throw new Error(JSON.stringify(read.error));
    await expect(value(DESIGNS_SUBJECTS.verifyToken, { token: read.value.token, origin: SITE })).resolves.toMatchObject({ access: 'read' });
    expect(await query(`SELECT access::text FROM "EditorToken" WHERE "tokenHash" = $1`, [hashSecret(read.value.token)])).toEqual([{ access: 'read' }]);
  });

  it('refuses a payload that does not match, naming the field', async () => {
    await expect(mint({ ttlSeconds: 5 })).resolves.toEqual({ ok: false, error: expect.objectContaining({ code: 'request_invalid', message: expect.stringContaining('ttlSeconds') }) });
    await expect(mint({ access: 'write' })).resolves.toEqual({ ok: false, error: expect.objectContaining({ code: 'request_invalid', message: expect.stringContaining('access') }) });
  });
});

describe('designs', () => {
  let projectId: string;
  let person: PersonScope;
  beforeAll(() => {
    projectId = newProject();
    person = personOf(projectId, 'designer');
  });

  it('creates revision 0 with its restore point and design.saved event', async () => {
    const design = await createDesign(person, 'First');
    expect(design).toMatchObject({ name: 'First', mode: 'email', revision: 0, doc: example('email') });
    expect(design.id).toMatch(/^[0-9A-Z]{26}$/);
    await expect(value(DESIGNS_SUBJECTS.revisions, { person, designId: design.id, limit: 10 })).resolves.toEqual({
      revisions: [{ revision: 0, name: 'First', createdAt: expect.any(String), autosave: false, label: null }],
      nextCursor: null,
    });
    const point = await value<{ docJson: string }>(DESIGNS_SUBJECTS.revision, { person, designId: design.id, revision: 0 });
    expect(JSON.parse(point.docJson)).toEqual(example('email'));
    expect(await outbox(design.id)).toEqual([{ type: 'design.saved', data: { designId: design.id, userId: 'designer', revision: 0, languages: exampleLanguages('email') }, personId: expect.any(String) }]);
  });

  it('refuses an invalid document, naming the JSON path, and a document of another mode', async () => {
    const broken = { ...example('email'), body: { ...example('email').body, rows: 'none' } };
    await expect(call(DESIGNS_SUBJECTS.create, { person, mode: 'email', name: 'x', doc: broken })).resolves.toEqual({
      ok: false,
      error: expect.objectContaining({ status: 400, code: 'design_invalid', message: expect.stringContaining('$.body.rows') }),
    });
    await expect(call(DESIGNS_SUBJECTS.create, { person, mode: 'email', name: 'x', doc: example('page') })).resolves.toEqual(refusal(409, 'mode_unavailable'));
  });

  it('numbers 20 concurrent saves of one design 1 to 20, each with its restore point and event', async () => {
    const design = await createDesign(person);
    const saves = await Promise.all(
      Array.from({ length: 20 }, (_, i) => value(DESIGNS_SUBJECTS.save, { person, designId: design.id, mode: 'email', name: `v${i}`, doc: example('email') })),
    );
    expect(saves.map((saved) => saved.revision).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    await expect(value(DESIGNS_SUBJECTS.get, { person, designId: design.id })).resolves.toMatchObject({ revision: 20 });
    const { revisions: points } = await value<{ revisions: any[] }>(DESIGNS_SUBJECTS.revisions, { person, designId: design.id, limit: 50 });
    expect(points.map((point) => point.revision)).toEqual(Array.from({ length: 21 }, (_, i) => 20 - i));
    const events = await outbox(design.id);
    expect(events.map((event) => event.data.revision).sort((a, b) => a - b)).toEqual(Array.from({ length: 21 }, (_, i) => i));
  });

  it('saves a design whose row another transaction holds for longer than Prisma would wait by itself (5 s), once it is let go', async () => {
    const design = await createDesign(person);
    const release = await holdDesign(design.id);
    const save = value(DESIGNS_SUBJECTS.save, { person, designId: design.id, mode: 'email', name: 'after the wait', doc: example('email') });
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    await release();
    await expect(save).resolves.toMatchObject({ name: 'after the wait', revision: 1 });
  });

  it('answers 503 to a save still waiting on the row when its deadline passes, and saves nothing', async () => {
    const design = await createDesign(person);
    const release = await holdDesign(design.id);
    try {
      const gateway = new ServiceClient(client);
      const save = { person, designId: design.id, mode: 'email' as const, name: 'too late', doc: example('email') };
      await expect(gateway.request(DESIGNS_SUBJECTS.save, save, Date.now() + 3_000)).resolves.toEqual(refusal(503, 'service_unavailable'));
    } finally {
      await release();
    }
    await expect(value(DESIGNS_SUBJECTS.get, { person, designId: design.id })).resolves.toMatchObject({ name: design.name, revision: 0 });
  });

  // An erasure's marking takes the person's lock exclusively and waits for the writes that
  // hold it shared (an upload may hold it for its whole 15 s); meanwhile a token for that
  // person queues behind it. Before: the token's statement kept waiting, and kept its
  // connection, for as long as the lock was held, well past the request's deadline.
  it('answers 503 to a token still waiting on its person’s lock when the deadline passes, frees the connection at once, and stores no token', async () => {
    const projectId = newProject();
    const mint = mintRequest(projectId, 'queued');
    await value(DESIGNS_SUBJECTS.mintToken, mint);
    const [{ id: personId }] = await query<{ id: string }>(`SELECT id FROM "Person" WHERE "projectId" = $1 AND "externalId" = 'queued'`, [projectId]);
    const release = await holdRows('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [personId]);
    // A bigint advisory lock is listed by its two halves.
    const waitingOnTheLock = () =>
      query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND objsubid = 1 AND ((classid::bigint << 32) | objid::bigint) = hashtextextended($1, 0)`,
        [personId],
      ).then(([{ n }]) => n);
    try {
      const gateway = new ServiceClient(client);
      await expect(gateway.request(DESIGNS_SUBJECTS.mintToken, mint, Date.now() + 3_000)).resolves.toEqual(refusal(503, 'service_unavailable'));
      // The lock is still held: only the statement's own bound can have ended its wait.
      await waitFor('the token’s statement to stop waiting on the lock', async () => (await waitingOnTheLock()) === 0, 2_000);
    } finally {
      await release();
    }
    expect(await query(`SELECT count(*)::int AS n FROM "EditorToken" WHERE "personId" = $1`, [personId])).toEqual([{ n: 1 }]);
  });

  it('renames on save when asked, keeps the name otherwise, and updates updatedAt only', async () => {
    const design = await createDesign(person, 'Old name');
    const saved = await value(DESIGNS_SUBJECTS.save, { person, designId: design.id, mode: 'email', doc: example('email') });
    expect(saved).toMatchObject({ name: 'Old name', revision: 1, createdAt: design.createdAt });
    expect(Date.parse(saved.updatedAt)).toBeGreaterThan(Date.parse(design.updatedAt));
    await expect(value(DESIGNS_SUBJECTS.save, { person, designId: design.id, mode: 'email', name: 'New', doc: example('email') })).resolves.toMatchObject({ name: 'New', revision: 2 });
  });

  it('deletes a design with its restore points and writes design.deleted', async () => {
    const design = await createDesign(person);
    await expect(call(DESIGNS_SUBJECTS.delete, { person, designId: design.id })).resolves.toEqual({ ok: true, value: null });
    expect(await query(`SELECT 1 FROM "RestorePoint" WHERE "designId" = $1`, [design.id])).toEqual([]);
    expect((await outbox(design.id)).at(-1)).toMatchObject({ type: 'design.deleted', data: { designId: design.id, userId: 'designer' } });
    await expect(call(DESIGNS_SUBJECTS.delete, { person, designId: design.id })).resolves.toEqual(refusal(404, 'design_not_found'));
    await expect(call(DESIGNS_SUBJECTS.get, { person, designId: design.id })).resolves.toEqual(refusal(404, 'design_not_found'));
  });

  it('answers 404 alike for another person, project or environment, and for no design at all', async () => {
    const design = await createDesign(person);
    const other = newProject();
    const strangers = [personOf(projectId, 'someone-else'), personOf(other, 'designer'), personOf(projectId, 'designer', 'live')];
    for (const stranger of strangers) {
      for (const subject of [DESIGNS_SUBJECTS.get, DESIGNS_SUBJECTS.delete]) {
        await expect(call(subject, { person: stranger, designId: design.id })).resolves.toEqual(refusal(404, 'design_not_found'));
      }
      await expect(call(DESIGNS_SUBJECTS.revisions, { person: stranger, designId: design.id, limit: 10 })).resolves.toEqual(refusal(404, 'design_not_found'));
      await expect(call(DESIGNS_SUBJECTS.revision, { person: stranger, designId: design.id, revision: 0 })).resolves.toEqual(refusal(404, 'design_not_found'));
      await expect(call(DESIGNS_SUBJECTS.save, { person: stranger, designId: design.id, mode: 'email', doc: example('email') })).resolves.toEqual(refusal(404, 'design_not_found'));
    }
    await expect(call(DESIGNS_SUBJECTS.get, { person, designId: '0'.repeat(26) })).resolves.toEqual(refusal(404, 'design_not_found'));
  });
});

describe('listing designs', () => {
  let projectId: string;
  beforeAll(() => (projectId = newProject()));
  const list = (person: PersonScope, limit: number, cursor?: string) => call<any>(DESIGNS_SUBJECTS.list, { person, limit, ...(cursor && { cursor }) });

  it('gives a person never seen an empty list', async () => {
    await expect(value(DESIGNS_SUBJECTS.list, { person: personOf(projectId, 'nobody'), limit: 50 })).resolves.toEqual({ designs: [], nextCursor: null });
  });

  it('pages newest first with no design skipped or repeated while designs are added and saved', async () => {
    const person = personOf(projectId, 'pager');
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await createDesign(person, `d${i}`));
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await value(DESIGNS_SUBJECTS.list, { person, limit: 3, ...(cursor && { cursor }) });
      seen.push(...page.designs.map((design: any) => design.id));
      cursor = page.nextCursor ?? undefined;
      // Between pages: a new design, and saves of one already listed and one still to come.
      if (pages++ === 0) {
        await createDesign(person, 'added meanwhile');
        for (const saved of [made[6], made[1]]) await value(DESIGNS_SUBJECTS.save, { person, designId: saved.id, mode: 'email', doc: example('email') });
      }
    } while (cursor);
    expect(seen).toEqual(made.map((design) => design.id).reverse());
    expect(pages).toBe(3);
  });

  it('refuses an altered cursor and one made for another person', async () => {
    const person = personOf(projectId, 'cursor-owner');
    for (let i = 0; i < 3; i++) await createDesign(person);
    const { nextCursor } = await value(DESIGNS_SUBJECTS.list, { person, limit: 1 });
    const altered = `${nextCursor.slice(0, 5)}${nextCursor[5] === 'A' ? 'B' : 'A'}${nextCursor.slice(6)}`;
    await expect(list(person, 1, altered)).resolves.toEqual(refusal(400, 'request_invalid'));
    const other = personOf(projectId, 'other-owner');
    await createDesign(other);
    await expect(list(other, 1, nextCursor)).resolves.toEqual(refusal(400, 'request_invalid'));
    await expect(list(personOf(projectId, 'never-seen'), 1, nextCursor)).resolves.toEqual(refusal(400, 'request_invalid'));
  });
});

describe('exporting designs', () => {
  let person: PersonScope;
  let design: any;
  beforeAll(async () => {
    person = personOf(newProject(), 'exporter');
    design = await createDesign(person, 'Newsletter');
  });
  const exportOf = (overrides: Record<string, unknown>) => call<any>(DESIGNS_SUBJECTS.export, { person, designId: design.id, format: 'html', source: 'server', ...overrides });

  it('answers the HtmlExport of the design as last saved, merged, and records it with export.created', async () => {
    const reply = await exportOf({ merge: { contact: { first_name: 'Ada' } } });
    if (!reply.ok) throw new Error(JSON.stringify(reply.error));
    const answer = reply.value;
    expect(Object.keys(answer).sort()).toEqual(
      ['exportId', 'designId', 'revision', 'mode', 'html', 'chunks', 'text', 'subject', 'preheader', 'mergeTags', 'rendererVersion', 'bytes', 'warnings', 'design'].sort(),
    );
    expect(answer).toMatchObject({ designId: design.id, revision: 0, mode: 'email', bytes: Buffer.byteLength(answer.html) });
    expect(answer.subject).toContain('Ada');
    expect(await query(`SELECT format, source, revision, bytes FROM "ExportRecord" WHERE id = $1`, [answer.exportId])).toEqual([
      { format: 'html', source: 'server', revision: 0, bytes: answer.bytes },
    ]);
    expect((await outbox(design.id)).at(-1)).toMatchObject({
      type: 'export.created',
      data: { exportId: answer.exportId, designId: design.id, userId: 'exporter', revision: 0, source: 'server', format: 'html' },
    });
  });

  it('records the editor’s text export as text', async () => {
    const answer = (await exportOf({ format: 'text', source: 'editor' })) as any;
    expect(await query(`SELECT format, source FROM "ExportRecord" WHERE id = $1`, [answer.value.exportId])).toEqual([{ format: 'text', source: 'editor' }]);
  });

  it('records nothing for a refused render', async () => {
    const before = await query(`SELECT count(*)::int AS n FROM "ExportRecord" WHERE "designId" = $1`, [design.id]);
    await expect(exportOf({ merge: { contact: { first_name: 7 } } })).resolves.toEqual(refusal(400, 'request_invalid'));
    expect(await query(`SELECT count(*)::int AS n FROM "ExportRecord" WHERE "designId" = $1`, [design.id])).toEqual(before);
  });

  it('answers 404 for another person’s design', async () => {
    await expect(exportOf({ person: { ...person, userId: 'someone-else' } })).resolves.toEqual(refusal(404, 'design_not_found'));
  });
});

describe('a person being erased', () => {
  it('gets no token and 409 on list, get, save, export and token verification', async () => {
    const projectId = newProject();
    const person = personOf(projectId, 'leaving');
    const design = await createDesign(person);
    const { token } = await value(DESIGNS_SUBJECTS.mintToken, mintRequest(projectId, 'leaving'));
    // The erasure service's sweep would finish the erasure (and the person would be unknown, not erasing) unless the design is held.
    const release = await holdDesign(design.id);
    try {
      await markErasing(person);
      const tokensBefore = await query(`SELECT count(*)::int AS n FROM "EditorToken" WHERE "projectId" = $1`, [projectId]);
      const erased = refusal(409, 'user_erased');
      await expect(call(DESIGNS_SUBJECTS.mintToken, mintRequest(projectId, 'leaving'))).resolves.toEqual(erased);
      expect(await query(`SELECT count(*)::int AS n FROM "EditorToken" WHERE "projectId" = $1`, [projectId])).toEqual(tokensBefore);
      await expect(call(DESIGNS_SUBJECTS.verifyToken, { token, origin: SITE })).resolves.toEqual(tokenRefusal(409, 'user_erased'));
      await expect(call(DESIGNS_SUBJECTS.list, { person, limit: 10 })).resolves.toEqual(erased);
      await expect(call(DESIGNS_SUBJECTS.get, { person, designId: design.id })).resolves.toEqual(erased);
      await expect(call(DESIGNS_SUBJECTS.save, { person, designId: design.id, mode: 'email', doc: example('email') })).resolves.toEqual(erased);
      await expect(call(DESIGNS_SUBJECTS.export, { person, designId: design.id, format: 'html', source: 'server' })).resolves.toEqual(erased);
    } finally {
      await release();
    }
  });
});
