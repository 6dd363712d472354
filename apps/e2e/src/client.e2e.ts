// @lane serial: kills and restarts the designs service.
// The typed Node client (libs/client) against the real stack: every method, its typed
// errors, a real 429 and a real 503 retried until they pass, and verifyWebhook on
// webhooks the dispatcher really delivered.
import { EmbedApiError, EmbedClient, type EmbedClientOptions, isFileExport, parseWebhook, type RetryEvent, verifyWebhook } from '@embed/node-client';
import { call, EDITOR_SITE, exampleDesign, newProject, saveDesign } from './support/api';
import { checkAnswer } from './support/openapi-contract';
import { admin, baseUrl, killService, sleep, startService, waitUntilReady } from './support/stack';
import { type ReceivedWebhook, WebhookReceiver } from './support/webhook-receiver';
import { webhookProject } from './support/webhooks';

const UNKNOWN_DESIGN = '01J00000000000000000000000';

/** A client as an integrator makes one, recording its retries. */
/** The client's fetch, with every answer it receives checked against the gateway's OpenAPI document. */
const checkedFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  await checkAnswer(init?.method ?? 'GET', `${url.pathname}${url.search}`, { status: response.status, headers: response.headers, text: await response.clone().text() });
  return response;
};

function clientFor(secretKey: string, options: Partial<EmbedClientOptions> = {}) {
  const retries: RetryEvent[] = [];
  const embed = new EmbedClient({ secretKey, baseUrl: baseUrl(), fetch: checkedFetch, onRetry: (event) => retries.push(event), ...options });
  return { embed, retries };
}

async function apiError(promise: Promise<unknown>): Promise<EmbedApiError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof EmbedApiError)) throw new Error(`expected an EmbedApiError, got ${String(error)}`);
  expect(error.requestId).toMatch(/^req_/);
  return error;
}

describe('EmbedClient against the real stack', () => {
  const project = newProject('email');
  const { embed } = clientFor(project.testKey);

  it('createToken mints a token the editor accepts, with typed 400 and 403 errors', async () => {
    const before = Date.now();
    const token = await embed.createToken({ user: { id: 'ann' }, origin: `${EDITOR_SITE}/editor?x=1`, ttl: 120 });
    expect(token.token).toMatch(/^et_/);
    expect(Date.parse(token.expiresAt) - before).toBeGreaterThan(115_000);
    const editor = await call('GET', '/editor/v1/designs', { bearer: token.token, headers: { origin: EDITOR_SITE } });
    expect(editor.status).toBe(200);

    expect(await apiError(embed.createToken({ user: { id: 'ann' }, origin: 'https://evil.example' }))).toMatchObject({ status: 403, code: 'origin_not_allowed' });
    const invalid = await apiError(embed.createToken({ user: { id: 'ann' }, origin: EDITOR_SITE, ttl: 30 }));
    expect(invalid).toMatchObject({ status: 400, code: 'request_invalid', retryAfter: null });
    expect(invalid.message).toMatch(/ttl/);

    const reader = await embed.createToken({ user: { id: 'ann' }, origin: EDITOR_SITE, access: 'read' });
    expect((await call('GET', '/editor/v1/session', { bearer: reader.token, headers: { origin: EDITOR_SITE } })).body).toEqual({ mode: 'email', access: 'read', journalKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
  });

  it('listDesigns pages newest first, and listAllDesigns iterates every page', async () => {
    const saved = [];
    for (const name of ['first', 'second', 'third']) saved.push(await saveDesign(project.testKey, 'bob', name));
    const page = await embed.listDesigns('bob', { limit: 2 });
    expect(page.designs.map((design) => design.name)).toEqual(['third', 'second']);
    expect(page.nextCursor).toEqual(expect.any(String));
    expect(page.designs[0]).toEqual({ id: saved[2].id, name: 'third', mode: 'email', revision: 0, createdAt: saved[2].createdAt, updatedAt: saved[2].updatedAt });

    const all = [];
    for await (const design of embed.listAllDesigns('bob', { limit: 2 })) all.push(design.name);
    expect(all).toEqual(['third', 'second', 'first']);
    expect(await embed.listDesigns('never-seen')).toEqual({ designs: [], nextCursor: null });

    const badCursor = await apiError(embed.listDesigns('bob', { cursor: `${page.nextCursor}x` }));
    expect(badCursor).toMatchObject({ status: 400, code: 'request_invalid' });
  });

  it('getDesign answers the design with its document; another person\'s or a missing one is 404', async () => {
    const saved = await saveDesign(project.testKey, 'cat', 'Mine');
    expect(await embed.getDesign('cat', saved.id)).toEqual(saved);
    expect(await apiError(embed.getDesign('dan', saved.id))).toMatchObject({ status: 404, code: 'design_not_found' });
    expect(await apiError(embed.getDesign('cat', UNKNOWN_DESIGN))).toMatchObject({ status: 404, code: 'design_not_found' });
  });

  it('createDesign makes a design of the project’s mode for a person, which getDesign then reads', async () => {
    const created = await embed.createDesign('hal', { name: 'Imported', doc: exampleDesign('email') });
    expect(created).toMatchObject({ id: expect.any(String), name: 'Imported', mode: 'email', revision: 0, doc: exampleDesign('email') });
    expect(await embed.getDesign('hal', created.id)).toEqual(created);
    expect(await apiError(embed.createDesign('hal', { name: 'Page', doc: exampleDesign('page') }))).toMatchObject({ status: 409, code: 'mode_unavailable' });
    expect(await apiError(embed.createDesign('hal', { name: '', doc: exampleDesign('email') }))).toMatchObject({ status: 400, code: 'request_invalid' });
  });

  it('keeps the project’s templates: create, list page after page, get, replace and delete; a deleted one is 404 template_not_found', async () => {
    const first = await embed.createTemplate({ name: 'Welcome', doc: exampleDesign('email') });
    const second = await embed.createTemplate({ name: 'Sale', doc: exampleDesign('email') });
    expect(first).toMatchObject({ id: expect.stringMatching(/^tpl_/), name: 'Welcome', mode: 'email', thumbnailUrl: expect.any(String), doc: exampleDesign('email') });
    const listed = [];
    for await (const template of embed.listAllTemplates({ limit: 1 })) listed.push(template.id);
    expect(listed).toEqual([second.id, first.id]);
    expect(await embed.replaceTemplate(first.id, { name: 'Welcome (v2)', doc: exampleDesign('email') })).toMatchObject({ id: first.id, name: 'Welcome (v2)' });
    expect(await embed.getTemplate(first.id)).toMatchObject({ name: 'Welcome (v2)', createdAt: first.createdAt });
    await embed.deleteTemplate(first.id);
    await embed.deleteTemplate(second.id);
    expect(await apiError(embed.getTemplate(first.id))).toMatchObject({ status: 404, code: 'template_not_found' });
    expect(await apiError(embed.createTemplate({ name: 'Page', doc: exampleDesign('page') }))).toMatchObject({ status: 409, code: 'mode_unavailable' });
  });

  it('keeps the project’s images: upload, list and delete; a deleted one is 404 image_not_found, an SVG 400', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const uploaded = await embed.uploadProjectImage(png, 'image/png');
    expect(uploaded).toMatchObject({ id: expect.stringMatching(/^img_/), owner: 'project', contentType: 'image/png', bytes: png.length });
    expect(await embed.listProjectImages()).toEqual({ images: [uploaded], nextCursor: null });
    await embed.deleteProjectImage(uploaded.id);
    expect(await embed.listProjectImages()).toEqual({ images: [], nextCursor: null });
    expect(await apiError(embed.deleteProjectImage(uploaded.id))).toMatchObject({ status: 404, code: 'image_not_found' });
    expect(await apiError(embed.uploadProjectImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'))).toMatchObject({ status: 400, code: 'request_invalid' });
  });

  it('keeps the project’s rows: create, list page after page, get, replace and delete; a deleted one is 404 saved_row_not_found', async () => {
    const footer = exampleDesign('email').body.rows.find((row: { id?: string }) => row.id === 'footer');
    const first = await embed.createRow({ name: 'Footer', row: footer, locked: true });
    const second = await embed.createRow({ name: 'Banner', row: footer, synced: true });
    expect(first).toMatchObject({ id: expect.stringMatching(/^row_/), name: 'Footer', owner: 'project', locked: true, synced: false, row: footer });
    const listed = [];
    for await (const row of embed.listAllRows({ limit: 1 })) listed.push(row.id);
    expect(listed).toEqual([second.id, first.id]);
    expect(await embed.replaceRow(first.id, { name: 'Legal footer', row: footer })).toMatchObject({ id: first.id, name: 'Legal footer', locked: false });
    expect(await embed.getRow(first.id)).toMatchObject({ name: 'Legal footer', createdAt: first.createdAt });
    await embed.deleteRow(first.id);
    await embed.deleteRow(second.id);
    expect(await apiError(embed.getRow(first.id))).toMatchObject({ status: 404, code: 'saved_row_not_found' });
    expect(await apiError(embed.createRow({ name: 'Empty', row: { columns: [] } }))).toMatchObject({ status: 400, code: 'design_invalid' });
  });

  it('importDesign makes a design of the project’s mode from MJML, with warnings; a source not of the format is 422 source_unreadable', async () => {
    const imported = await embed.importDesign({ format: 'mjml', source: '<mjml><mj-body><mj-section><mj-column><mj-text>Hi *|FNAME|*</mj-text></mj-column></mj-section></mj-body></mjml>', mergeTags: { '*|FNAME|*': '{{contact.first_name}}' } });
    expect(imported.design).toMatchObject({ mode: 'email', body: { rows: [{ columns: [{ blocks: [{ type: 'text', content: [{ type: 'paragraph', content: [{ text: 'Hi {{contact.first_name}}' }] }] }] }] }] } });
    expect(imported.warnings).toEqual([]);
    expect(await apiError(embed.importDesign({ format: 'unlayer', source: [] }))).toMatchObject({ status: 422, code: 'source_unreadable' });
  });

  it('exportDesign answers an HtmlExport by default and a FileExport for a file format', async () => {
    const saved = await saveDesign(project.testKey, 'eve', 'Newsletter');
    const html = await embed.exportDesign(saved.id, { user: { id: 'eve' }, merge: { contact: { first_name: 'Eve' } } });
    expect(isFileExport(html)).toBe(false);
    expect(html).toMatchObject({ designId: saved.id, revision: 0, mode: 'email', exportId: expect.any(String) });
    expect(html.text).toContain('Eve');

    const png = await embed.exportDesign(saved.id, { user: { id: 'eve' }, format: 'png', fullPage: false });
    expect(isFileExport(png)).toBe(true);
    expect(png).toMatchObject({ designId: saved.id, format: 'png', filename: 'Newsletter.png' });
    const file = Buffer.from(await (await fetch(png.url)).arrayBuffer());
    expect(file.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(file.length).toBe(png.bytes);

    expect(await apiError(embed.exportDesign(saved.id, { user: { id: 'someone-else' } }))).toMatchObject({ status: 404, code: 'design_not_found' });
  });

  it('exportDesign of a format the mode does not make is 409 mode_unavailable', async () => {
    const popup = newProject('popup');
    const saved = await saveDesign(popup.testKey, 'fay', 'Popup', exampleDesign('popup'));
    const error = await apiError(clientFor(popup.testKey).embed.exportDesign(saved.id, { user: { id: 'fay' }, format: 'pdf' }));
    expect(error).toMatchObject({ status: 409, code: 'mode_unavailable' });
  });

  it('renderDesign renders a document held by the integrator; not a design is 400 design_invalid', async () => {
    const rendered = await embed.renderDesign({ doc: exampleDesign('email'), merge: { contact: { first_name: 'Gus' } } });
    expect(rendered).toMatchObject({ mode: 'email', html: expect.stringContaining('<html'), rendererVersion: expect.any(Number) });
    expect(rendered.text).toContain('Gus');
    expect(rendered).not.toHaveProperty('exportId');

    expect(await apiError(embed.renderDesign({ doc: { hello: 'world' } }))).toMatchObject({ status: 400, code: 'design_invalid' });
    const strict = await apiError(embed.renderDesign({ doc: exampleDesign('email'), colour: 'red' } as never));
    expect(strict).toMatchObject({ status: 400, code: 'request_invalid' });
    expect(strict.message).toMatch(/colour/);
  });

  it('eraseUser starts the erasure of a known person; once it is done, the person is never seen again', async () => {
    const saved = await saveDesign(project.testKey, 'hal', 'To erase');
    expect(await embed.eraseUser('hal')).toEqual({ status: 'erasing' });
    // While the erasure runs the person is refused (409 user_erased); once it is done they are unknown again.
    const outcomes = new Set<string>();
    const deadline = Date.now() + 30_000;
    while (!outcomes.has('done') && Date.now() < deadline) {
      outcomes.add(await embed.listDesigns('hal').then(() => 'done', (error: EmbedApiError) => error.code));
      await sleep(250);
    }
    expect([...outcomes].filter((outcome) => outcome !== 'user_erased')).toEqual(['done']);
    expect(await embed.eraseUser('hal')).toEqual({ status: 'never_seen' });
    expect(await apiError(embed.getDesign('hal', saved.id))).toMatchObject({ status: 404, code: 'design_not_found' });
    expect(await embed.eraseUser('nobody-ever')).toEqual({ status: 'never_seen' });
  });

  it('an unknown key is 401 key_invalid, never retried', async () => {
    const { embed: stranger, retries } = clientFor(`sk_test_${'x'.repeat(43)}`);
    expect(await apiError(stranger.listDesigns('ann'))).toMatchObject({ status: 401, code: 'key_invalid' });
    expect(retries).toEqual([]);
  });
});

describe('retries against the real gateway', () => {
  it('waits out a real 429 for its Retry-After and then passes', async () => {
    const { testKey } = newProject();
    // eraseUser has the smallest limit (60 a minute per key); the 61st is refused.
    for (let i = 0; i < 60; i++) expect((await call('DELETE', `/embed/v1/users/burn-${i}`, { bearer: testKey })).status).toBe(204);

    const refused = await apiError(clientFor(testKey, { retries: 0 }).embed.eraseUser('late'));
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(refused.retryAfter).toBeGreaterThanOrEqual(1);

    const { embed, retries } = clientFor(testKey);
    const started = Date.now();
    expect(await embed.eraseUser('late')).toEqual({ status: 'never_seen' });
    expect(retries.length).toBeGreaterThanOrEqual(1);
    expect(retries[0]).toMatchObject({ method: 'DELETE', retry: 1, error: expect.objectContaining({ code: 'rate_limited' }) });
    expect(retries[0].delayMs).toBe((retries[0].error as EmbedApiError).retryAfter! * 1000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(retries[0].delayMs);
  }, 120_000);

  it('backs off on a real 503 while the designs service is down and passes once it is back', async () => {
    const { testKey } = newProject();
    await saveDesign(testKey, 'ivy', 'Kept');
    await killService('designs');
    let restarted = false;
    try {
      const down = await apiError(clientFor(testKey, { retries: 0 }).embed.listDesigns('ivy'));
      expect(down).toMatchObject({ status: 503, code: 'service_unavailable' });

      const { embed, retries } = clientFor(testKey, { retries: 20, backoff: { baseDelayMs: 250, maxDelayMs: 2_000 } });
      const listed = embed.listDesigns('ivy');
      await sleep(1_000);
      startService('designs');
      restarted = true;
      expect((await listed).designs.map((design) => design.name)).toEqual(['Kept']);
      expect(retries.length).toBeGreaterThanOrEqual(2);
      expect(retries.every((event) => (event.error as EmbedApiError).code === 'service_unavailable')).toBe(true);
    } finally {
      if (!restarted) startService('designs');
      await waitUntilReady();
    }
  }, 60_000);
});

describe('verifyWebhook on delivered webhooks', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => (receiver = await WebhookReceiver.start()));
  afterAll(() => receiver.stop());

  const header = (request: ReceivedWebhook) => request.headers['service-signature'];

  it('verifies what the dispatcher sent, and refuses it changed or with another secret', async () => {
    const project = webhookProject(receiver.url('client-saved'));
    const saved = await saveDesign(project.testKey, 'jo', 'Signed');
    const [request] = await receiver.waitFor('client-saved', 'design.saved', (requests) => requests.length > 0);

    expect(verifyWebhook(request.body, header(request), project.secret)).toBe(true);
    expect(verifyWebhook(Buffer.from(request.body, 'utf8'), header(request), project.secret, 60)).toBe(true);
    expect(verifyWebhook(request.body.replace('"revision":0', '"revision":1'), header(request), project.secret)).toBe(false);
    expect(verifyWebhook(request.body, header(request), `${project.secret}x`)).toBe(false);
    const event = parseWebhook(request.body, header(request), project.secret);
    expect(event).toMatchObject({ type: 'design.saved', projectId: project.projectId, data: { designId: saved.id, userId: 'jo', revision: 0 } });
  });

  it('reports a server export as export.created, with the export id the client got', async () => {
    const project = webhookProject(receiver.url('client-export'), 'export.created');
    const saved = await saveDesign(project.testKey, 'kim', 'Exported');
    const exported = await clientFor(project.testKey).embed.exportDesign(saved.id, { user: { id: 'kim' } });
    const [request] = await receiver.waitFor('client-export', 'export.created', (requests) => requests.length > 0);

    const event = parseWebhook(request.body, header(request), project.secret);
    if (event.type !== 'export.created') throw new Error(`unexpected ${event.type}`);
    expect(event.data).toEqual({ exportId: exported.exportId, designId: saved.id, userId: 'kim', revision: 0, source: 'server', format: 'html' });
  });

  it('accepts the old or the new secret while a rotation signs with both', async () => {
    const project = webhookProject(receiver.url('client-rotated'));
    const rotated = admin('webhook', 'rotate-secret', '--project', project.projectId).json;
    admin('webhook', 'ping', '--project', project.projectId);
    const [request] = await receiver.waitFor('client-rotated', 'the ping', (requests) => requests.length > 0);

    expect(verifyWebhook(request.body, header(request), project.secret)).toBe(true);
    expect(verifyWebhook(request.body, header(request), rotated.secret)).toBe(true);
    expect(verifyWebhook(request.body, header(request), ['whsec_unrelated', rotated.secret])).toBe(true);
    expect(parseWebhook(request.body, header(request), rotated.secret).type).toBe('ping');
  });
});
