// @lane serial: kills and restarts the renderer and erasure services.
// The OpenAPI document's examples (apps/gateway/src/openapi/examples.json) are real
// answers and deliveries of this stack: this file makes each one again and fails when the
// kept example no longer has the fields and types of today's answer. With
// UPDATE_OPENAPI_EXAMPLES=1 it writes what it got instead (read the diff).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { signedFilePath } from '@embed/storage';
import { holdDesign } from './erasure-helpers';
import { checkAnswer } from './support/openapi-contract';
import { type ApiAnswer, call, EDITOR_SITE, editorSession, exampleDesign, newProject, retrying503 } from './support/api';
import { costlyDesign } from './support/hostile-designs';
import { admin, baseUrl, killService, repoRoot, restartServices, startService, waitUntilReady } from './support/stack';
import { WebhookReceiver } from './support/webhook-receiver';
import { webhookProject } from './support/webhooks';

const FILE = path.join(repoRoot, 'apps/gateway/src/openapi/examples.json');
const UPDATE = process.env['UPDATE_OPENAPI_EXAMPLES'] === '1';
const PERSON = 'person-42';
const NO_SUCH_DESIGN = '01HZZZZZZZZZZZZZZZZZZZZZZZ';
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

interface Example {
  summary: string;
  value: unknown;
}
type Section = Record<string, Example>;
interface Examples {
  answers: Section;
  errors: Section;
  webhooks: Section;
}

/** A design document (it has a `schemaVersion`): the schemas say only `object` of it, and the whole would drown the page. */
const isDocument = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && 'schemaVersion' in value;

/** What goes in the file: long texts cut (URLs kept whole, they must stay URLs), documents down to their first fields. */
function abbreviated(value: unknown): unknown {
  if (isDocument(value)) return { ...Object.fromEntries(Object.entries(value).filter(([, field]) => typeof field !== 'object')), '…': '…' };
  if (typeof value === 'string') return value.length > 160 && !/^https?:\/\//.test(value) ? `${value.slice(0, 120)}…` : value;
  if (Array.isArray(value)) return value.slice(0, 3).map(abbreviated);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, field]) => [name, abbreviated(field)]));
  return value;
}

/** Where two values differ in fields or JSON types (not in values); arrays by their first items, documents not at all. */
function shapeDifferences(kept: unknown, fresh: unknown, at: string): string[] {
  const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
  if (kind(kept) !== kind(fresh)) return [`${at}: ${kind(kept)} kept, ${kind(fresh)} now`];
  if (Array.isArray(kept) && Array.isArray(fresh)) return kept.length && fresh.length ? shapeDifferences(kept[0], fresh[0], `${at}[0]`) : [];
  if (kind(kept) !== 'object' || isDocument(kept) || isDocument(fresh)) return [];
  const [a, b] = [kept as Record<string, unknown>, fresh as Record<string, unknown>];
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return names.flatMap((name) => {
    if (!(name in a)) return [`${at}.${name}: answered now, not in the example`];
    if (!(name in b)) return [`${at}.${name}: in the example, not answered now`];
    return shapeDifferences(a[name], b[name], `${at}.${name}`);
  });
}

/** What each error's request was answered (its summary to its status and body), to say why a kept example was not made again. */
const errorsAnswered = new Map<string, string>();

/** Makes every answer, error and webhook of the document once, against the running stack. */
async function collect(): Promise<Examples> {
  const examples: Examples = { answers: {}, errors: {}, webhooks: {} };
  const answer = (schema: string, summary: string, got: ApiAnswer) => {
    if (got.status >= 300) throw new Error(`${summary}: ${got.status} ${got.text}`);
    examples.answers[schema] = { summary, value: got.body };
    return got.body;
  };
  const error = (summary: string, got: ApiAnswer) => {
    if (got.status < 400) throw new Error(`${summary}: ${got.status} ${got.text}`);
    errorsAnswered.set(summary, `${got.status} ${got.text}`);
    examples.errors[`${got.status} ${got.body.code}`] = { summary, value: got.body };
  };

  const receiver = await WebhookReceiver.start();
  try {
    const project = webhookProject(receiver.url('examples'));
    const key = project.testKey;
    const tokenBody = { user: { id: PERSON }, origin: EDITOR_SITE };
    answer('Token', 'POST /embed/v1/tokens', await call('POST', '/embed/v1/tokens', { bearer: key, body: tokenBody }));
    const { token, editor } = await editorSession(key, PERSON);
    const created = await editor('POST', '/designs', { body: { name: 'Welcome', doc: exampleDesign('email') } });
    const id = created.body.id as string;
    await editor('PUT', `/designs/${id}`, { body: { name: 'Welcome (v2)', doc: exampleDesign('email') } });
    answer('Design', 'GET /embed/v1/users/person-42/designs/{designId}', await call('GET', `/embed/v1/users/${PERSON}/designs/${id}`, { bearer: key }));
    answer('DesignList', 'GET /embed/v1/users/person-42/designs', await call('GET', `/embed/v1/users/${PERSON}/designs`, { bearer: key }));
    answer('RestorePointList', 'GET /editor/v1/designs/{id}/revisions', await editor('GET', `/designs/${id}/revisions`));
    answer('RestorePoint', 'GET /editor/v1/designs/{id}/revisions/{revision}', await editor('GET', `/designs/${id}/revisions/1`));
    answer('RestorePointSummary', 'PUT /editor/v1/designs/{id}/revisions/{revision} naming a restore point', await editor('PUT', `/designs/${id}/revisions/1`, { body: { label: 'Before the sale' } }));
    answer('EditorSession', 'GET /editor/v1/session', await editor('GET', '/session'));
    const merge = { contact: { first_name: 'Ada' }, unsubscribeUrl: 'https://example.com/u/42' };
    answer('HtmlExport', 'POST /embed/v1/designs/{id}/export with merge values', await call('POST', `/embed/v1/designs/${id}/export`, { bearer: key, body: { user: { id: PERSON }, merge } }));
    // A ZIP needs no browser: on a busy machine a PDF may miss its deadline (a 503, which changed nothing).
    const zip = answer('FileExport', 'POST /embed/v1/designs/{id}/export as a ZIP', await call('POST', `/embed/v1/designs/${id}/export`, { bearer: key, body: { user: { id: PERSON }, format: 'zip' } }));
    const render = { doc: exampleDesign('email'), merge: { contact: { first_name: 'Ada' } }, text: { links: true } };
    answer('Rendered', 'POST /embed/v1/render', await call('POST', '/embed/v1/render', { bearer: key, body: render }));
    const mjml = '<mjml><mj-head><mj-title>Autumn loaves</mj-title></mj-head><mj-body><mj-section><mj-column><mj-text>Hello *|FNAME|*</mj-text><mj-button href="javascript:alert(1)">Order</mj-button></mj-column></mj-section></mj-body></mjml>';
    answer('ImportedDesign', 'POST /embed/v1/imports of MJML with a merge tag and a javascript: link', await call('POST', '/embed/v1/imports', { bearer: key, body: { format: 'mjml', source: mjml, mergeTags: { '*|FNAME|*': '{{contact.first_name}}' } } }));
    answer('Template', 'POST /embed/v1/templates', await call('POST', '/embed/v1/templates', { bearer: key, body: { name: 'Welcome', doc: exampleDesign('email') } }));
    answer('TemplateList', 'GET /embed/v1/templates', await call('GET', '/embed/v1/templates', { bearer: key }));
    const kit = { colors: ['#1f5f4a', '#f3f1ec', '#2b2b2b'], fonts: [{ stack: 'Inter, Helvetica, Arial, sans-serif', url: 'https://fonts.googleapis.com/css2?family=Inter:wght@400;700&display=swap' }], logoUrl: 'https://cdn.example.com/brand/logo.png', text: { fontFamily: 'Inter, Helvetica, Arial, sans-serif', color: '#2b2b2b' }, link: { color: '#1f5f4a' }, button: { buttonColor: '#1f5f4a', color: '#ffffff', borderRadius: 6 }, paletteOnly: true };
    answer('BrandKit', 'PUT /embed/v1/brand-kit', await call('PUT', '/embed/v1/brand-kit', { bearer: key, body: kit }));
    const footer = exampleDesign('email').body.rows.find((row: { id?: string }) => row.id === 'footer');
    answer('SavedRow', 'POST /embed/v1/rows of a locked footer', await call('POST', '/embed/v1/rows', { bearer: key, body: { name: 'Legal footer', row: footer, locked: true } }));
    answer('SavedRowList', 'GET /editor/v1/rows', await editor('GET', '/rows'));
    const upload = await fetch(`${baseUrl()}/editor/v1/images`, { method: 'POST', headers: { authorization: `Bearer ${token}`, origin: EDITOR_SITE, 'content-type': 'image/png' }, body: TINY_PNG });
    const uploaded: ApiAnswer = { status: upload.status, headers: upload.headers, text: await upload.text(), body: undefined };
    await checkAnswer('POST', '/editor/v1/images', uploaded);
    answer('ImageUpload', 'POST /editor/v1/images with a PNG', { ...uploaded, body: JSON.parse(uploaded.text) });
    answer('ImageSummary', 'POST /embed/v1/images with a PNG', await call('POST', '/embed/v1/images', { bearer: key, rawBody: TINY_PNG as unknown as string, headers: { 'content-type': 'image/png' } }));
    const images = answer('ImageList', 'GET /editor/v1/images', await editor('GET', '/images'));
    answer('Liveness', 'GET /healthz', await call('GET', '/healthz'));
    answer('Readiness', 'GET /readyz', await call('GET', '/readyz'));

    error('a field the body does not take', await call('POST', '/embed/v1/tokens', { bearer: key, body: { user: { id: PERSON, email: 'ada@example.com' }, origin: EDITOR_SITE } }));
    error('a body of another type', await call('POST', '/embed/v1/tokens', { bearer: key, rawBody: 'user=person-42', headers: { 'content-type': 'text/plain' } }));
    error('a body over 1 MiB', await call('POST', '/embed/v1/tokens', { bearer: key, body: { ...tokenBody, padding: 'x'.repeat(1_100_000) } }));
    error('render of a document that is not a design', await call('POST', '/embed/v1/render', { bearer: key, body: { doc: { mode: 'email' } } }));
    error('render of a page design for an email project', await call('POST', '/embed/v1/render', { bearer: key, body: { doc: exampleDesign('page') } }));
    error('an import of a source that is not that format', await call('POST', '/embed/v1/imports', { bearer: key, body: { format: 'unlayer', source: { body: { rows: 'none' } } } }));
    error('an import of a format not read yet', await call('POST', '/embed/v1/imports', { bearer: key, body: { format: 'beefree', source: {} } }));
    error('a secret key never issued', await call('POST', '/embed/v1/tokens', { bearer: 'sk_test_never_issued', body: tokenBody }));
    error('an editor token never issued', await call('GET', '/editor/v1/designs', { bearer: 'et_never_issued', headers: { origin: EDITOR_SITE } }));
    const reader = (await call('POST', '/embed/v1/tokens', { bearer: key, body: { ...tokenBody, access: 'read' } })).body.token as string;
    const asReader = { bearer: reader, headers: { origin: EDITOR_SITE } };
    error('a save with a read token', await call('PUT', `/editor/v1/designs/${id}`, { ...asReader, body: { doc: exampleDesign('email') } }));
    error('a token for a site the project does not allow', await call('POST', '/embed/v1/tokens', { bearer: key, body: { user: { id: PERSON }, origin: 'https://evil.example' } }));
    error('a design that is not this person’s', await call('GET', `/embed/v1/users/${PERSON}/designs/${NO_SUCH_DESIGN}`, { bearer: key }));
    error('a template that is not the project’s', await call('GET', `/embed/v1/templates/tpl_${'0'.repeat(26)}`, { bearer: key }));
    error('an image that is not in the library', await call('DELETE', `/embed/v1/images/img_${'0'.repeat(26)}`, { bearer: key }));
    const shown = exampleDesign('email');
    shown.body.rows[0].columns[0].blocks.find((block: { type: string }) => block.type === 'image').src = images.images[0].url;
    await editor('POST', '/designs', { body: { name: 'Shows the logo', doc: shown } });
    error('deleting an image a design still shows', await editor('DELETE', `/images/${images.images[0].id}`));
    error('a saved row that is not the project’s', await call('GET', `/embed/v1/rows/row_${'0'.repeat(26)}`, { bearer: key }));
    const locked = exampleDesign('email');
    locked.body.rows = locked.body.rows.map((row: { id?: string }) => (row.id === 'footer' ? { ...row, locked: true } : row));
    const withLocked = await editor('POST', '/designs', { body: { name: 'Locked footer', doc: locked } });
    const unlocked = { ...locked, body: { ...locked.body, rows: locked.body.rows.filter((row: { id?: string }) => row.id !== 'footer') } };
    error('a save that deletes a locked row', await editor('PUT', `/designs/${withLocked.body.id}`, { body: { doc: unlocked } }));
    error('a revision the design keeps no restore point of', await editor('GET', `/designs/${id}/revisions/7`));
    error('an editor file that does not exist', await call('GET', '/editor/v1/app/assets/none.js'));
    const file = new URL(zip.url as string);
    const expired = signedFilePath('local-storage-secret-not-for-deployments', { key: decodeURIComponent(file.pathname.slice('/files/v1/'.length)), filename: 'x.zip', expires: 1 });
    error('a download link past its expiry', await call('GET', expired));
    error('a save from a revision older than the stored one', await editor('PUT', `/designs/${id}`, { body: { doc: exampleDesign('email'), baseRevision: 0 } }));
    const idempotencyKey = { 'idempotency-key': 'examples-1' };
    await call('POST', '/embed/v1/tokens', { bearer: key, body: tokenBody, headers: idempotencyKey });
    error('an Idempotency-Key sent again with another body', await call('POST', '/embed/v1/tokens', { bearer: key, body: { ...tokenBody, ttl: 60 }, headers: idempotencyKey }));

    const suspended = newProject();
    admin('project', 'suspend', '--project', suspended.projectId);
    error('a call of a suspended project', await call('GET', `/embed/v1/users/${PERSON}/designs`, { bearer: suspended.testKey }));
    const inSuspendedWorkspace = newProject();
    admin('workspace', 'suspend', '--workspace', inSuspendedWorkspace.workspaceId);
    error('a call of a project whose workspace is suspended', await call('GET', `/embed/v1/users/${PERSON}/designs`, { bearer: inSuspendedWorkspace.testKey }));
    const full = newProject();
    admin('quota', 'set', '--project', full.projectId, '--person-designs', '0');
    const fullEditor = (await editorSession(full.testKey, PERSON)).editor;
    error('a design past the person’s quota', await fullEditor('POST', '/designs', { body: { name: 'Welcome', doc: exampleDesign('email') } }));
    const limited = newProject();
    let over: ApiAnswer | undefined;
    for (let i = 0; i < 100 && !over; i++) {
      const erased = await call('DELETE', `/embed/v1/users/never-seen-${i}`, { bearer: limited.testKey });
      if (erased.status === 429) over = erased;
    }
    error('the 61st erasure within a minute', over as ApiAnswer);

    await killService('erasure');
    try {
      error('an erasure while no erasure service runs', await call('DELETE', `/embed/v1/users/${PERSON}`, { bearer: key }));
    } finally {
      startService('erasure');
      await waitUntilReady(['erasure']);
    }

    // A design past the render time limit: the renderer runs meanwhile with a limit of 300 ms,
    // which the costly design passes whatever the machine (render-isolation.e2e.ts says why).
    try {
      await restartServices(['renderer'], { RENDER_TIME_LIMIT_MS: '300' });
      // On a loaded machine a render may wait for a worker past its deadline: a 503, which a client retries.
      error('render of a design past the render time limit', await retrying503(() => call('POST', '/embed/v1/render', { bearer: key, body: { doc: costlyDesign() } }), 4));
    } finally {
      await restartServices(['renderer']);
    }

    await editor('DELETE', `/designs/${id}`);
    const kinds = (received: { json: any }[]) => new Set(received.map(({ json }) => json.type));
    // The erasure deletes the person's events not yet delivered, so it waits for them.
    await receiver.waitFor('examples', 'the design events', (received) => ['design.saved', 'design.deleted', 'export.created'].every((kind) => kinds(received).has(kind)), 40_000);
    // A design held locked keeps the erasure running while a token is asked for: an erasure with nothing to wait for ends at once.
    const kept = await editor('POST', '/designs', { body: { name: 'Kept', doc: exampleDesign('email') } });
    const release = await holdDesign(kept.body.id as string);
    try {
      answer('Erasing', 'DELETE /embed/v1/users/person-42', await call('DELETE', `/embed/v1/users/${PERSON}`, { bearer: key }));
      error('a token for a person being erased', await call('POST', '/embed/v1/tokens', { bearer: key, body: tokenBody }));
    } finally {
      await release();
    }
    if (admin('webhook', 'ping', '--project', project.projectId).status !== 0) throw new Error('webhook ping failed');
    const all = await receiver.waitFor('examples', 'user.erased and ping', (received) => ['user.erased', 'ping'].every((kind) => kinds(received).has(kind)), 40_000);
    for (const { json } of all) examples.webhooks[json.type] ??= { summary: `a real ${json.type} delivery`, value: json };
  } finally {
    await receiver.stop();
  }
  return examples;
}

describe('the OpenAPI document’s examples (apps/gateway/src/openapi/examples.json)', () => {
  const kept = (): Examples => JSON.parse(readFileSync(FILE, 'utf8'));
  let fresh: Examples;

  beforeAll(async () => {
    fresh = await collect();
    if (UPDATE) writeFileSync(FILE, `${JSON.stringify(abbreviated(fresh), null, 2)}\n`);
  }, 240_000);

  it('are the answers and deliveries of today’s code: every one made again has the fields and types kept', () => {
    const differences = (['answers', 'errors', 'webhooks'] as const).flatMap((section) => {
      const file = kept()[section];
      const names = [...new Set([...Object.keys(file), ...Object.keys(fresh[section])])];
      return names.flatMap((name) => {
        const [old, now] = [file[name], fresh[section][name]];
        if (!old) return [`${section} ${name}: made now, not kept (UPDATE_OPENAPI_EXAMPLES=1 writes it)`];
        if (!now) return [`${section} ${name}: kept, but this test no longer makes it (“${old.summary}” was answered ${errorsAnswered.get(old.summary) ?? 'nothing'})`];
        return shapeDifferences(old.value, abbreviated(now.value), `${section} ${name}`);
      });
    });
    expect(differences).toEqual([]);
  });

  it('are what the gateway serves in its document', async () => {
    const document = (await call('GET', '/embed/v1/openapi.json')).body;
    const token = document.paths['/embed/v1/tokens'].post;
    const { answers, webhooks } = kept();
    expect(token.responses['200'].content['application/json'].examples.Token.value).toEqual(answers['Token'].value);
    expect(document.webhooks['ping'].post.requestBody.content['application/json'].examples.ping.value).toEqual(webhooks['ping'].value);
  });
});
