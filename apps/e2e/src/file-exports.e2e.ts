// @lane shared
import { signedFilePath } from '@embed/storage';
import { call, EDITOR_SITE, editorSession, exampleDesign, expectError, newProject, saveDesign } from './support/api';
import { query } from './support/database';
import { answerToHeadOnly, bombPng, download, pngSize, readPdf, TINY_PNG, unpackZip } from './file-exports-helpers';
import { baseUrl } from './support/stack';

type Mode = 'email' | 'page' | 'popup' | 'document';

async function exportDesign(mode: Mode, body: Record<string, unknown>, doc = exampleDesign(mode)) {
  const { testKey } = newProject(mode);
  const design = await saveDesign(testKey, 'ann', `Spring/sale: ${mode}`, doc);
  const answer = await call('POST', `/embed/v1/designs/${design.id}/export`, { bearer: testKey, body: { user: { id: 'ann' }, ...body } });
  return { answer, design, testKey };
}

describe('file exports (spec 4.4, FileExport)', () => {
  // docs/file-exports.md: every mode makes a ZIP and a PNG; every mode but a popup makes a PDF.
  const table: [Mode, string, number][] = [
    ['email', 'pdf', 200], ['email', 'png', 200], ['email', 'zip', 200],
    ['page', 'pdf', 200], ['page', 'png', 200], ['page', 'zip', 200],
    ['popup', 'pdf', 409], ['popup', 'png', 200], ['popup', 'zip', 200],
    ['document', 'pdf', 200], ['document', 'png', 200], ['document', 'zip', 200],
  ];

  it.each(table)('%s makes %s: %i', async (mode, format, status) => {
    const { answer, design } = await exportDesign(mode, { format });
    if (status === 409) {
      expectError(answer, 409, 'mode_unavailable');
      expect(await query(`SELECT id FROM "ExportRecord" WHERE "designId" = $1`, [design.id])).toEqual([]);
      return;
    }
    expect(answer.status).toBe(200);
    const file = answer.body;
    expect(file).toMatchObject({ designId: design.id, revision: design.revision, mode, format, filename: `Spring-sale- ${mode}.${format}`, design: design.doc });
    expect(Date.parse(file.expiresAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    const fetched = await download(file.url);
    expect(fetched.status).toBe(200);
    expect(fetched.bytes.length).toBe(file.bytes);
    expect(fetched.headers.get('content-disposition')).toContain(`filename="${file.filename}"`);
    const [row] = await query(`SELECT format, source, bytes, filename, "storageKey" FROM "ExportRecord" WHERE id = $1`, [file.exportId]);
    expect(row).toMatchObject({ format, source: 'server', bytes: file.bytes, filename: file.filename });
    const events = await query<{ data: any }>(`SELECT data FROM "OutboxEvent" WHERE type = 'export.created' AND "designId" = $1`, [design.id]);
    expect(events.map((event) => event.data)).toEqual([{ exportId: file.exportId, designId: design.id, userId: 'ann', revision: design.revision, source: 'server', format }]);
  });

  it('prints a document as paginated A4 pages with its text, and an email merged', async () => {
    const document = (await exportDesign('document', { format: 'pdf' })).answer.body;
    const pdf = readPdf((await download(document.url)).bytes);
    expect(pdf.pages).toBeGreaterThan(1);
    expect(pdf.pageSize).toMatch(/^59[45]\.\d+ x 841\.\d+ pts \(A4\)/);
    expect(pdf.text).toContain('Linen shirt in sage');
    // The footer band is repeated on every printed page.
    expect(pdf.text.split('Prices exclude VAT').length - 1).toBe(pdf.pages);
    const email = (await exportDesign('email', { format: 'pdf', merge: { contact: { first_name: 'Ada' } } })).answer.body;
    expect(readPdf((await download(email.url)).bytes).text).toContain('Ada');
  });

  it('pictures an email 600 px wide: the whole design, or the first screen only', async () => {
    const whole = pngSize((await download((await exportDesign('email', { format: 'png' })).answer.body.url)).bytes);
    expect(whole.width).toBe(600);
    expect(whole.height).toBeGreaterThan(800);
    const first = pngSize((await download((await exportDesign('email', { format: 'png', fullPage: false })).answer.body.url)).bytes);
    expect(first).toEqual({ width: 600, height: 800 });
  });

  it('zips the HTML, the text and the uploaded images it can fetch safely, and names the others in warnings', async () => {
    const { testKey } = newProject('email');
    const { editor } = await editorSession(testKey, 'ann');
    const uploaded = await editor('POST', '/images', { rawBody: TINY_PNG as unknown as string, headers: { 'content-type': 'image/png' } });
    expect(uploaded.status).toBe(201);
    const doc = exampleDesign('email');
    const html = JSON.stringify(doc);
    const firstImage = /"src":"(https:[^"]+)"/.exec(html)![1];
    const withUpload = JSON.parse(html.split(firstImage).join(uploaded.body.url));
    const design = await saveDesign(testKey, 'ann', 'Zipped', withUpload);
    const answer = await call('POST', `/embed/v1/designs/${design.id}/export`, { bearer: testKey, body: { user: { id: 'ann' }, format: 'zip' } });
    expect(answer.status).toBe(200);
    const zip = unpackZip((await download(answer.body.url)).bytes);
    // The upload, then the example's three social icons: the service's own images, packed like any it can fetch safely.
    expect(zip.entries).toEqual(['images/1.png', 'images/6.png', 'images/7.png', 'images/8.png', 'index.html', 'index.txt']);
    expect(zip.read('images/1.png').equals(TINY_PNG)).toBe(true);
    const index = zip.read('index.html').toString('utf8');
    for (const image of ['1', '6', '7', '8']) expect(index).toContain(`src="images/${image}.png"`);
    expect(index).not.toContain(uploaded.body.url);
    expect(index).not.toContain('/editor/v1/app/assets/social-v1-');
    expect(zip.read('index.txt').toString('utf8').length).toBeGreaterThan(50);
    // This machine has no internet: the example's other images cannot be fetched and stay links.
    expect(answer.body.warnings.join('\n')).toMatch(/Image https:\/\/\S+ is not in the ZIP and still points at its address/);
  });

  it('serves a download only on its signed link, and refuses it altered or expired', async () => {
    const { url } = (await exportDesign('email', { format: 'pdf' })).answer.body;
    expect((await download(url)).status).toBe(200);
    const altered = new URL(url);
    altered.searchParams.set('name', 'other.pdf');
    expectError(await call('GET', `${altered.pathname}${altered.search}`), 404, 'not_found');
    const forged = new URL(url);
    forged.searchParams.set('sig', `${forged.searchParams.get('sig')!.slice(0, -2)}AA`);
    expectError(await call('GET', `${forged.pathname}${forged.search}`), 404, 'not_found');
    const unsigned = new URL(url);
    expectError(await call('GET', unsigned.pathname), 404, 'not_found');
    // Signed with the local default secret, one second in the past.
    const key = decodeURIComponent(new URL(url).pathname.slice('/files/v1/'.length));
    const expired = signedFilePath('local-storage-secret-not-for-deployments', { key, filename: 'x.pdf', expires: Math.floor(Date.now() / 1000) - 1 });
    expectError(await call('GET', expired), 410, 'not_found');
    expectError(await call('GET', '/files/v1/exports/../../etc/passwd'), 404, 'not_found');
  });

  it('answers the editor with a FileExport recorded from the editor', async () => {
    const { testKey } = newProject('page');
    const { editor } = await editorSession(testKey, 'ann');
    const { body: design } = await editor('POST', '/designs', { body: { name: 'Landing', doc: exampleDesign('page') } });
    const answer = await editor('POST', `/designs/${design.id}/export`, { body: { format: 'png' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ format: 'png', filename: 'Landing.png' });
    const events = await query<{ data: any }>(`SELECT data FROM "OutboxEvent" WHERE type = 'export.created' AND "designId" = $1`, [design.id]);
    expect(events.map((event) => [event.data.source, event.data.format])).toEqual([['editor', 'png']]);
  });
});

describe('POST /editor/v1/images', () => {
  it('takes an image by its bytes, stores it for the person and serves it', async () => {
    const { testKey, projectId } = newProject('email');
    const { editor } = await editorSession(testKey, 'ann');
    const answer = await editor('POST', '/images', { rawBody: TINY_PNG as unknown as string, headers: { 'content-type': 'image/jpeg' } });
    expect(answer.status).toBe(201);
    expect(answer.body.url).toMatch(new RegExp(`/files/v1/images/${projectId}/test/psn_[0-9a-z]+/img_[0-9a-z]+\\.png$`));
    const served = await download(answer.body.url);
    expect({ status: served.status, type: served.headers.get('content-type') }).toEqual({ status: 200, type: 'image/png' });
    expect(served.bytes.equals(TINY_PNG)).toBe(true);
    expect(await query(`SELECT "contentType", bytes FROM "Image" WHERE "projectId" = $1`, [projectId])).toEqual([{ contentType: 'image/png', bytes: TINY_PNG.length }]);
  });

  it('refuses what is not a PNG, JPEG, GIF or WebP image, and JSON', async () => {
    const { testKey } = newProject('email');
    const { editor } = await editorSession(testKey, 'ann');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    expectError(await editor('POST', '/images', { rawBody: svg, headers: { 'content-type': 'image/svg+xml' } }), 400, 'request_invalid');
    expectError(await editor('POST', '/images', { rawBody: 'hello', headers: { 'content-type': 'image/png' } }), 400, 'request_invalid');
    expectError(await editor('POST', '/images', { body: { url: 'x' } }), 400, 'request_invalid');
    expectError(await call('POST', '/editor/v1/images', { rawBody: TINY_PNG as unknown as string, headers: { 'content-type': 'image/png' } }), 401, 'token_invalid');
  });

  // A decompression bomb: 20000x20000 pixels (400 MB decoded) in a file of a few hundred KB, within the 5 MB.
  // Before the header was read it was stored and served (201), for every email that shows it to decode.
  it('refuses an image whose header declares more pixels than the limit, naming it, and stores nothing', async () => {
    const { testKey, projectId } = newProject('email');
    const { editor } = await editorSession(testKey, 'ann');
    const bomb = await bombPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refused = expectError(await editor('POST', '/images', { rawBody: bomb as unknown as string, headers: { 'content-type': 'image/png' } }), 413, 'request_invalid');
    expect(refused.body.error).toContain('20000x20000');
    expect(refused.body.error).toContain('at most 25000000 pixels');
    expect(await query(`SELECT id FROM "Image" WHERE "projectId" = $1`, [projectId])).toEqual([]);
    expect((await editor('POST', '/images', { rawBody: (await bombPng(5_000, 5_000)) as unknown as string, headers: { 'content-type': 'image/png' } })).status).toBe(201);
  });

  // Refused while the client still sends, fetch often failed with EPIPE instead of reading the
  // 413; the gateway now reads (and drops) an oversized image up to 20 MB before answering.
  it('answers a body too large with a 413 the client reads, every time', async () => {
    const { testKey } = newProject('email');
    const { editor } = await editorSession(testKey, 'ann');
    const huge = Buffer.concat([TINY_PNG, Buffer.alloc(6 * 1024 * 1024)]);
    for (let attempt = 0; attempt < 20; attempt++) {
      expectError(await editor('POST', '/images', { rawBody: huge as unknown as string, headers: { 'content-type': 'image/png' } }), 413, 'request_invalid');
    }
  });

  // The token is checked before the body is read: an unknown sender's bytes are never read.
  it('refuses an upload with no token or a bad one with 401 before reading its body', async () => {
    const head = { origin: EDITOR_SITE, 'content-type': 'image/png', 'content-length': String(6 * 1024 * 1024) };
    for (const authorization of [undefined, 'Bearer et_not_a_token']) {
      const answer = await answerToHeadOnly(`${baseUrl()}/editor/v1/images`, 'POST', authorization ? { ...head, authorization } : head);
      expect({ status: answer.status, code: answer.body.code, connection: answer.headers['connection'] }).toEqual({ status: 401, code: 'token_invalid', connection: 'close' });
      expect(answer.body.requestId).toBe(answer.headers['request-id']);
    }
  });

  // Past the 20 MB the gateway reads, it does not read on: a body declared longer is answered
  // 413 before a byte of it is read (a client that waits for the answer reads it); one sent
  // without a length is cut off with its connection when it passes 20 MB, so the client
  // sees its request fail, never an answer it might or might not read.
  it('answers a body declared beyond what it reads with 413 unread, and cuts off one that grows beyond it', async () => {
    const { token, editor } = await editorSession(newProject('email').testKey, 'ann');
    const headers = { authorization: `Bearer ${token}`, origin: EDITOR_SITE, 'content-type': 'image/png' };
    const declared = await answerToHeadOnly(`${baseUrl()}/editor/v1/images`, 'POST', { ...headers, 'content-length': String(21 * 1024 * 1024) });
    expect({ status: declared.status, code: declared.body.code, connection: declared.headers['connection'] }).toEqual({ status: 413, code: 'request_invalid', connection: 'close' });
    const chunked = new Blob([Buffer.alloc(21 * 1024 * 1024)]).stream();
    const sent = fetch(`${baseUrl()}/editor/v1/images`, { method: 'POST', headers, body: chunked, duplex: 'half' } as RequestInit);
    await expect(sent).rejects.toThrow('fetch failed');
    expect((await editor('POST', '/images', { rawBody: TINY_PNG as unknown as string, headers: { 'content-type': 'image/png' } })).status).toBe(201);
  });

  it('keeps image bodies to that route: elsewhere a non-JSON body is still 415', async () => {
    const { testKey } = newProject('email');
    const { editor } = await editorSession(testKey, 'ann');
    expectError(await editor('POST', '/designs', { rawBody: TINY_PNG as unknown as string, headers: { 'content-type': 'image/png' } }), 415, 'request_invalid');
  });
});
