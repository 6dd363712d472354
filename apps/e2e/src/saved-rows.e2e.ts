// @lane shared
import { randomUUID } from 'node:crypto';
import { type ApiAnswer, call, type CallOptions, editorSession, exampleDesign, expectError, newProject } from './support/api';
import { seedDemoLibrary } from './support/demo-library';

// docs/server-api.md "Saved rows": the integrator's server publishes project rows (locked or
// synced if it says so), a person saves rows of their own from the editor, and the designs
// service keeps locked rows as they are and shows synced rows' current content. Before
// them, every call below was 404 not_found and a locked row could be changed at will.

const email = exampleDesign('email');
const footer = email.body.rows.find((row: { id: string }) => row.id === 'footer');
const header = email.body.rows.find((row: { id: string }) => row.id === 'header');
const words = (id: string, text: string) => ({ id, columns: [{ blocks: [{ type: 'text', content: [{ type: 'paragraph', content: [{ text }] }] }] }] });

const rows = (key: string) => (method: string, path: string, options: CallOptions = {}) => call(method, `/embed/v1/rows${path}`, { bearer: key, ...options });

function expectStatus(answer: ApiAnswer, status: number): any {
  expect({ status: answer.status, text: answer.status === status ? '' : answer.text }).toEqual({ status, text: '' });
  return answer.body;
}

/** A design the integrator's server makes for a person, with the rows given. */
async function designFor(key: string, userId: string, bodyRows: unknown[]): Promise<any> {
  const doc = { ...email, body: { ...email.body, rows: bodyRows } };
  return expectStatus(await call('POST', `/embed/v1/users/${userId}/designs`, { bearer: key, body: { name: 'With library rows', doc } }), 201);
}

describe('project rows through the server API', () => {
  it('publishes, lists with paging, reads, replaces and deletes a project row, once per Idempotency-Key', async () => {
    const { testKey } = newProject('email');
    const server = rows(testKey);
    const idempotencyKey = randomUUID();
    const created = expectStatus(await server('POST', '', { body: { name: 'Footer', row: footer, locked: true }, headers: { 'Idempotency-Key': idempotencyKey } }), 201);
    expect(created).toEqual({ id: expect.stringMatching(/^row_[0-9a-z]{26}$/), name: 'Footer', owner: 'project', locked: true, synced: false, row: footer, createdAt: expect.any(String), updatedAt: created.createdAt });
    expect(expectStatus(await server('POST', '', { body: { name: 'Footer', row: footer, locked: true }, headers: { 'Idempotency-Key': idempotencyKey } }), 201)).toEqual(created);
    const second = expectStatus(await server('POST', '', { body: { name: 'Header', row: header } }), 201);
    expect(second).toMatchObject({ locked: false, synced: false });

    const first = expectStatus(await server('GET', '?limit=1'), 200);
    expect(first.rows.map((row: { id: string }) => row.id)).toEqual([second.id]);
    const rest = expectStatus(await server('GET', `?limit=1&cursor=${encodeURIComponent(first.nextCursor)}`), 200);
    expect(rest).toEqual({ rows: [created], nextCursor: null });

    expect(expectStatus(await server('GET', `/${created.id}`), 200)).toEqual(created);
    const replaced = expectStatus(await server('PUT', `/${created.id}`, { body: { name: 'Legal footer', row: words('legal', 'New legal text'), synced: true } }), 200);
    expect(replaced).toMatchObject({ id: created.id, name: 'Legal footer', locked: false, synced: true, row: words('legal', 'New legal text') });

    expect((await server('DELETE', `/${created.id}`)).status).toBe(204);
    expectError(await server('GET', `/${created.id}`), 404, 'saved_row_not_found');
    expectError(await server('DELETE', `/${created.id}`), 404, 'saved_row_not_found');
  });

  it('gives the demo project of `npm start` its locked footer row once (tools/lib/demo-library.mjs), however often it runs', async () => {
    const { testKey } = newProject('email');
    seedDemoLibrary(testKey);
    seedDemoLibrary(testKey);
    const listed = expectStatus(await rows(testKey)('GET', ''), 200);
    expect(listed.rows).toEqual([expect.objectContaining({ name: 'Legal footer', owner: 'project', locked: true, synced: false, row: footer })]);
  });

  it('keeps project rows per project and environment', async () => {
    const first = newProject('email');
    const other = newProject('email');
    const created = expectStatus(await rows(first.testKey)('POST', '', { body: { name: 'Footer', row: footer } }), 201);
    for (const key of [other.testKey, first.liveKey]) {
      expect(expectStatus(await rows(key)('GET', ''), 200)).toEqual({ rows: [], nextCursor: null });
      expectError(await rows(key)('GET', `/${created.id}`), 404, 'saved_row_not_found');
      expectError(await rows(key)('PUT', `/${created.id}`, { body: { name: 'Taken', row: footer } }), 404, 'saved_row_not_found');
      expectError(await rows(key)('DELETE', `/${created.id}`), 404, 'saved_row_not_found');
    }
  });

  it('refuses a row a design of the project’s mode cannot hold, naming the place, and a malformed id', async () => {
    const { testKey } = newProject('email');
    const server = rows(testKey);
    const noColumns = expectError(await server('POST', '', { body: { name: 'Empty', row: { columns: [] } } }), 400, 'design_invalid');
    expect(noColumns.body.error).toMatch(/^row is not a row of a email design: \$\.row\.columns /);
    const form = { columns: [{ blocks: [{ type: 'form', fields: [{ name: 'a', label: 'A', kind: 'text' }], submitText: 'Go' }] }] };
    expect(expectError(await server('POST', '', { body: { name: 'Form', row: form } }), 400, 'design_invalid').body.error).toContain('$.row.columns[0].blocks[0] is a form, which email designs cannot carry');
    expect(expectError(await server('GET', '/tpl_01'), 400, 'request_invalid').body.error).toBe('rowId must be "row_" and 26 lower-case letters and digits');
    expectError(await server('POST', '', { body: { name: '', row: footer } }), 400, 'request_invalid');
    expectError(await server('POST', '', { body: { name: 'Footer', row: footer, owner: 'person' } }), 400, 'request_invalid');
  });
});

describe('a person’s rows through the editor API', () => {
  it('lists the project’s rows and the person’s own; saves, renames and deletes only their own', async () => {
    const { testKey } = newProject('email');
    const published = expectStatus(await rows(testKey)('POST', '', { body: { name: 'Footer', row: footer, locked: true } }), 201);
    const { editor } = await editorSession(testKey, 'person-1');
    const own = expectStatus(await editor('POST', '/rows', { body: { name: 'My hero', row: words('hero', 'Hello') } }), 201);
    expect(own).toMatchObject({ owner: 'person', locked: false, synced: false, name: 'My hero' });
    // A person cannot make a row locked or synced: only the integrator's server does.
    expectError(await editor('POST', '/rows', { body: { name: 'Mine', row: footer, locked: true } }), 400, 'request_invalid');

    expect(expectStatus(await editor('GET', '/rows'), 200).rows.map((row: { id: string }) => row.id)).toEqual([own.id, published.id]);
    expect(expectStatus(await editor('PUT', `/rows/${own.id}`, { body: { name: 'Spring hero' } }), 200)).toMatchObject({ id: own.id, name: 'Spring hero' });
    expectError(await editor('PUT', `/rows/${published.id}`, { body: { name: 'Mine now' } }), 404, 'saved_row_not_found');
    expectError(await editor('DELETE', `/rows/${published.id}`), 404, 'saved_row_not_found');

    // Another person of the project sees the project's row, not person-1's.
    const other = await editorSession(testKey, 'person-2');
    expect(expectStatus(await other.editor('GET', '/rows'), 200).rows.map((row: { id: string }) => row.id)).toEqual([published.id]);
    expectError(await other.editor('DELETE', `/rows/${own.id}`), 404, 'saved_row_not_found');
    // Nor does the server API list people's own rows.
    expect(expectStatus(await rows(testKey)('GET', ''), 200).rows.map((row: { id: string }) => row.id)).toEqual([published.id]);

    expect((await editor('DELETE', `/rows/${own.id}`)).status).toBe(204);
    expect(expectStatus(await editor('GET', '/rows'), 200).rows.map((row: { id: string }) => row.id)).toEqual([published.id]);
  });
});

describe('locked rows', () => {
  it('refuses a person’s save that changes, deletes or moves a locked row, and takes rows moving around it', async () => {
    const { testKey } = newProject('email');
    const lockedFooter = { ...footer, locked: true };
    const lockedHeader = { ...header, locked: true };
    const design = await designFor(testKey, 'person-1', [lockedHeader, words('story', 'Our story'), lockedFooter]);
    const { editor } = await editorSession(testKey, 'person-1');
    const save = (bodyRows: unknown[]) => editor('PUT', `/designs/${design.id}`, { body: { doc: { ...design.doc, body: { ...design.doc.body, rows: bodyRows } } } });

    const changed = { ...lockedFooter, columns: words('x', 'Unsubscribe hidden').columns };
    expect(expectError(await save([lockedHeader, changed]), 409, 'row_locked').body.error).toBe('row "footer" is locked: it cannot be changed; nothing was saved (only the integrator’s server changes locked rows)');
    expect(expectError(await save([lockedHeader, words('story', 'Our story')]), 409, 'row_locked').body.error).toMatch(/^row "footer" is locked: it cannot be deleted/);
    expect(expectError(await save([lockedFooter, lockedHeader]), 409, 'row_locked').body.error).toMatch(/^row "footer" is locked: it cannot be moved/);
    expect(expectError(await save([lockedHeader, { ...lockedFooter, locked: false }]), 409, 'row_locked').body.error).toMatch(/^row "footer" is locked: it cannot be changed/);
    const stored = expectStatus(await editor('GET', `/designs/${design.id}`), 200);
    expect(stored.revision).toBe(design.revision);

    const saved = expectStatus(await save([lockedHeader, words('new', 'A new row'), lockedFooter, words('story', 'Our story, edited')]), 200);
    expect(saved.doc.body.rows.map((row: { id: string }) => row.id)).toEqual(['header', 'new', 'footer', 'story']);
  });
});

describe('synced rows', () => {
  it('show the project row’s current content in every design that holds them, from the next read and export', async () => {
    const { testKey } = newProject('email');
    const server = rows(testKey);
    const banner = expectStatus(await server('POST', '', { body: { name: 'Banner', row: words('banner', 'Winter sale'), synced: true } }), 201);
    const copy = { ...words('banner-copy', 'Winter sale'), syncedRowId: banner.id };
    const first = await designFor(testKey, 'person-1', [copy, words('story', 'Our story')]);
    const second = await designFor(testKey, 'person-2', [copy]);

    expectStatus(await server('PUT', `/${banner.id}`, { body: { name: 'Banner', row: words('banner', 'Spring sale'), synced: true } }), 200);
    const shown = { ...words('banner', 'Spring sale'), id: 'banner-copy', syncedRowId: banner.id };
    const { editor } = await editorSession(testKey, 'person-1');
    expect(expectStatus(await editor('GET', `/designs/${first.id}`), 200).doc.body.rows[0]).toEqual(shown);
    expect(expectStatus(await call('GET', `/embed/v1/users/person-2/designs/${second.id}`, { bearer: testKey }), 200).doc.body.rows[0]).toEqual(shown);
    const exported = expectStatus(await call('POST', `/embed/v1/designs/${second.id}/export`, { bearer: testKey, body: { user: { id: 'person-2' }, format: 'html' } }), 200);
    expect(exported.html).toContain('Spring sale');
    expect(exported.html).not.toContain('Winter sale');

    // A person's save keeps the synced row's current content, whatever the save says.
    const edited = { ...shown, columns: words('x', 'Changed in the editor').columns };
    const saved = expectStatus(await editor('PUT', `/designs/${first.id}`, { body: { doc: { ...first.doc, body: { ...first.doc.body, rows: [edited] } } } }), 200);
    expect(saved.doc.body.rows).toEqual([shown]);

    // Deleted, the project row leaves each design its last copy.
    expect((await server('DELETE', `/${banner.id}`)).status).toBe(204);
    expect(expectStatus(await editor('GET', `/designs/${first.id}`), 200).doc.body.rows[0]).toEqual(shown);
  });

  it('show the current content in a render of a document the integrator holds, only the key’s project’s and environment’s, with a warning for any other', async () => {
    const { testKey, liveKey } = newProject('email');
    const other = newProject('email');
    const banner = expectStatus(await rows(testKey)('POST', '', { body: { name: 'Banner', row: words('banner', 'Winter sale'), synced: true } }), 201);
    const theirs = expectStatus(await rows(other.testKey)('POST', '', { body: { name: 'Theirs', row: words('theirs', 'Their secret offer'), synced: true } }), 201);
    expectStatus(await rows(testKey)('PUT', `/${banner.id}`, { body: { name: 'Banner', row: words('banner', 'Spring sale'), synced: true } }), 200);
    const doc = { ...email, body: { ...email.body, rows: [{ ...words('mine', 'Old copy'), syncedRowId: banner.id }, { ...words('copied', 'Copy of theirs'), syncedRowId: theirs.id }] } };
    const render = (key: string) => call('POST', '/embed/v1/render', { bearer: key, body: { doc } });
    const warning = (id: string) => `body.rows[1] names synced row "${id}", which is not a synced row of this project in this environment: the row's own content was rendered`;

    const rendered = expectStatus(await render(testKey), 200);
    expect(rendered.html).toContain('Spring sale');
    expect(rendered.html).not.toContain('Old copy');
    expect(rendered.html).toContain('Copy of theirs');
    expect(rendered.html).not.toContain('Their secret offer');
    expect(rendered.warnings).toContain(warning(theirs.id));

    // The same document rendered with the project's live key: the test environment's row is not the live one's.
    const live = expectStatus(await render(liveKey), 200);
    expect(live.html).toContain('Old copy');
    expect(live.html).not.toContain('Spring sale');
    expect(live.warnings).toEqual(expect.arrayContaining([warning(theirs.id), warning(banner.id).replace('body.rows[1]', 'body.rows[0]')]));
  });

  it('keep each design’s own texts where the integrator made them editable, and take the rest from the project row', async () => {
    const { testKey } = newProject('email');
    const server = rows(testKey);
    const styled = (text: string, backgroundColor: string) => ({ ...words('offer', text), style: { backgroundColor }, syncedTextsEditable: true });
    const offer = expectStatus(await server('POST', '', { body: { name: 'Offer', row: styled('Library offer', '#f3f1ec'), synced: true } }), 201);
    const copy = { ...styled('Library offer', '#f3f1ec'), id: 'offer-copy', syncedRowId: offer.id };
    const design = await designFor(testKey, 'person-1', [copy]);
    const { editor } = await editorSession(testKey, 'person-1');

    // A person's save changes the text (kept) and the background (the project row's, kept as it is).
    const edited = { ...styled('My own offer', '#000000'), id: 'offer-copy', syncedRowId: offer.id };
    const saved = expectStatus(await editor('PUT', `/designs/${design.id}`, { body: { doc: { ...design.doc, body: { ...design.doc.body, rows: [edited] } } } }), 200);
    expect(saved.doc.body.rows).toEqual([{ ...styled('My own offer', '#f3f1ec'), id: 'offer-copy', syncedRowId: offer.id }]);

    // The integrator's new style reaches the design, with the person's text.
    expectStatus(await server('PUT', `/${offer.id}`, { body: { name: 'Offer', row: styled('Library offer, spring', '#1f5f4a'), synced: true } }), 200);
    expect(expectStatus(await editor('GET', `/designs/${design.id}`), 200).doc.body.rows).toEqual([{ ...styled('My own offer', '#1f5f4a'), id: 'offer-copy', syncedRowId: offer.id }]);
    const exported = expectStatus(await call('POST', `/embed/v1/designs/${design.id}/export`, { bearer: testKey, body: { user: { id: 'person-1' }, format: 'html' } }), 200);
    expect(exported.html).toContain('My own offer');
    expect(exported.html).not.toContain('Library offer');

    // Made not editable, the project row's texts come back.
    expectStatus(await server('PUT', `/${offer.id}`, { body: { name: 'Offer', row: { ...styled('Library offer, summer', '#1f5f4a'), syncedTextsEditable: false }, synced: true } }), 200);
    const shown = expectStatus(await editor('GET', `/designs/${design.id}`), 200).doc.body.rows[0];
    expect(shown.columns).toEqual(words('x', 'Library offer, summer').columns);
  });

  it('are shown in each design’s languages, with a design’s own translations of the texts it may edit', async () => {
    const { testKey } = newProject('email');
    const server = rows(testKey);
    const paragraph = (text: string) => [{ type: 'paragraph', content: [{ text }] }];
    /** The project row: one text, editable, translated as given. */
    const news = (text: string, translations: Record<string, string> = {}) => {
      const row = words('news', text);
      const translated = Object.fromEntries(Object.entries(translations).map(([tag, said]) => [tag, { content: paragraph(said) }]));
      return { ...row, columns: [{ blocks: [{ ...row.columns[0].blocks[0], ...(Object.keys(translated).length && { translations: translated }) }] }], syncedTextsEditable: true };
    };
    const published = expectStatus(await server('POST', '', { body: { name: 'News', row: news('Library news'), synced: true } }), 201);
    const make = async (name: string, doc: any, row: object) =>
      expectStatus(await call('POST', '/embed/v1/users/reader/designs', { bearer: testKey, body: { name, doc: { ...doc, body: { ...doc.body, rows: [{ ...row, id: 'news-copy', syncedRowId: published.id }] } } } }), 201);
    const english = await make('English', { ...email, languages: undefined, settings: { subject: email.settings.subject } }, news('Library news'));
    // The French design (the example lists fr) has its own words and its own French for them.
    const french = await make('French', email, news('Our news', { fr: 'Nos nouvelles' }));

    // The integrator translates the project row into French and Spanish.
    expectStatus(await server('PUT', `/${published.id}`, { body: { name: 'News', row: news('Library news, updated', { fr: 'Nouvelles', es: 'Noticias' }), synced: true } }), 200);
    const { editor } = await editorSession(testKey, 'reader');
    const block = (doc: any) => doc.body.rows[0].columns[0].blocks[0];

    // A design in English alone shows the row without them (and its own words), and stays a design its person can save.
    const englishNow = expectStatus(await editor('GET', `/designs/${english.id}`), 200).doc;
    expect(block(englishNow)).toEqual({ type: 'text', content: paragraph('Library news') });
    expectStatus(await editor('PUT', `/designs/${english.id}`, { body: { doc: englishNow } }), 200);

    // The French design keeps its own words and its own French, and exports them.
    const frenchNow = expectStatus(await editor('GET', `/designs/${french.id}`), 200).doc;
    expect(block(frenchNow)).toEqual({ type: 'text', content: paragraph('Our news'), translations: { fr: { content: paragraph('Nos nouvelles') } } });
    expectStatus(await editor('PUT', `/designs/${french.id}`, { body: { doc: frenchNow } }), 200);
    const exported = expectStatus(await call('POST', `/embed/v1/designs/${french.id}/export`, { bearer: testKey, body: { user: { id: 'reader' }, format: 'html', language: 'fr' } }), 200);
    expect(exported.html).toContain('Nos nouvelles');
    expect(exported.html).not.toContain('Noticias');
  });
});

