// @lane shared
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { call, exampleDesign, newProject } from './support/api';
import { editorBrowser, editorEvents, editorFrame, insertMergeTag, mountEditor } from './support/integrator-page';
import { baseUrl, waitFor } from './support/stack';

const modifier = 'Control';

describe('the embedded editor in a real browser', () => {
  const browser = editorBrowser();
  const open = browser.open;
  let page: Page;
  beforeEach(() => {
    page = browser.page;
  });

  it('serves the SDK, the frame page and its hashed assets with their caching', async () => {
    const sdk = await fetch(`${baseUrl()}/editor/v1/embed.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(sdk.status).toBe(200);
    expect(sdk.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(sdk.headers.get('cache-control')).toBe('public, max-age=300');
    const bytes = Buffer.from(await (await fetch(`${baseUrl()}/editor/v1/embed.js`)).arrayBuffer());
    expect(bytes.length).toBeGreaterThan(0);
    // Tiny, as every integrator's page loads it: under 5 KB gzip (issue 13). The journal's
    // code is not in it: the SDK imports it from the editor's assets when the frame first asks.
    expect(gzipSync(bytes, { level: 9 }).length).toBeLessThan(5 * 1024);
    // A page imports it as a module from the service's origin: the browser fetches it with CORS.
    const journalCode = /embed-journal-[\w-]+\.js/.exec(bytes.toString())?.[0];
    const chunk = await fetch(`${baseUrl()}/editor/v1/app/assets/${journalCode}`, { headers: { origin: 'https://any-site.example' } });
    expect({ status: chunk.status, cors: chunk.headers.get('access-control-allow-origin'), cache: chunk.headers.get('cache-control') }).toEqual({
      status: 200,
      cors: '*',
      cache: 'public, max-age=31536000, immutable',
    });
    const app = await fetch(`${baseUrl()}/editor/v1/app/`);
    expect(app.headers.get('content-type')).toMatch(/^text\/html/);
    expect(app.headers.get('cache-control')).toBe('no-cache');
    expect(app.headers.get('content-security-policy')).toContain("script-src 'self'");
    const script = /src="(assets\/[^"]+\.js)"/.exec(await app.text())?.[1];
    const asset = await fetch(`${baseUrl()}/editor/v1/app/${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Without its trailing slash the folder's address leads to the page, whose script names are relative to it.
    const bare = await fetch(`${baseUrl()}/editor/v1/app?from=test`, { redirect: 'manual' });
    expect({ status: bare.status, location: bare.headers.get('location') }).toEqual({ status: 308, location: 'app/?from=test' });
    const missing = await call('GET', '/editor/v1/app/assets/nothing.js');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('not_found');
  });

  it('adds a text block, takes typing with a bold word, and saves it with Ctrl+S', async () => {
    const { testKey } = newProject('email');
    const host = await open({ key: testKey, userId: 'writer' });
    const template = exampleDesign('email');
    expect(await mountEditor(page, { template, name: 'Welcome' })).toEqual({ ok: true });
    expect(host.tokensMinted).toBeGreaterThanOrEqual(1);
    const frame = await editorFrame(page);

    await frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Text', exact: true }).click();
    await waitFor('the new text block to take the focus', async () => (await frame.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === 'Text');
    await page.keyboard.type('Hello ');
    await page.keyboard.press(`${modifier}+b`);
    await page.keyboard.type('bold');
    await page.keyboard.press(`${modifier}+b`);
    await page.keyboard.type(' world');
    await page.keyboard.press(`${modifier}+s`);

    const [saved] = await waitFor('a save event', async () => {
      const saves = await editorEvents(page, 'save');
      return saves.length ? saves : false;
    });
    expect(saved).toEqual({ designId: expect.any(String), revision: 0 });
    const stored = await call('GET', `/embed/v1/users/writer/designs/${saved.designId}`, { bearer: testKey });
    expect(stored.status).toBe(200);
    expect(stored.body.name).toBe('Welcome');
    const rows = stored.body.doc.body.rows;
    expect(rows).toHaveLength(template.body.rows.length + 1);
    expect(rows.at(-1).columns[0].blocks).toEqual([
      { type: 'text', content: [{ type: 'paragraph', content: [{ text: 'Hello ' }, { text: 'bold', bold: true }, { text: ' world' }] }] },
    ]);
    expect({ ...stored.body.doc, body: { ...stored.body.doc.body, rows: rows.slice(0, -1) } }).toEqual(template);
    expect(await page.evaluate(async () => (await (window as any).editor.getDesign()).body.rows.length)).toBe(rows.length);
  });

  it('undoes and redoes typing one pause at a time, and moves a block with the keyboard alone', async () => {
    const { testKey } = newProject('email');
    await open({ key: testKey, userId: 'mover' });
    const template = exampleDesign('email');
    expect(await mountEditor(page, { template })).toEqual({ ok: true });
    const frame = await editorFrame(page);
    const lastRow = template.body.rows.length;
    const textOf = () => page.evaluate(async (row) => JSON.stringify((await (window as any).editor.getDesign()).body.rows[row]?.columns[0].blocks[0]?.content ?? null), lastRow);
    const expectText = (text: string | null) =>
      waitFor(`the text to be ${text}`, async () => (await textOf()) === JSON.stringify(text === null ? null : [{ type: 'paragraph', content: text ? [{ text }] : [] }]));

    await frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Text', exact: true }).click();
    await waitFor('the focus in the new block', async () => (await frame.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === 'Text');
    await page.keyboard.type('First');
    await expectText('First');
    // A pause longer than the typing pause (1 s) ends the undo step.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await page.keyboard.type(' second');
    await expectText('First second');

    await page.keyboard.press(`${modifier}+z`);
    await expectText('First');
    await page.keyboard.press(`${modifier}+z`);
    await expectText('');
    await page.keyboard.press(`${modifier}+Shift+z`);
    await expectText('First');
    await page.keyboard.press(`${modifier}+Shift+z`);
    await expectText('First second');

    // The block's frame, reached with Shift+Tab from its text, moves with Alt+arrows.
    await page.keyboard.press('Shift+Tab');
    expect(await frame.evaluate(() => document.activeElement?.getAttribute('aria-roledescription'))).toBe('block');
    await page.keyboard.press('Alt+ArrowUp');
    const previous = template.body.rows[lastRow - 1].columns[0].blocks.length;
    await waitFor('the block in the row above', async () =>
      page.evaluate(async ([row, at]) => (await (window as any).editor.getDesign()).body.rows[row].columns[0].blocks[at]?.type === 'text', [lastRow - 1, previous]),
    );
    expect(await page.evaluate(async (row) => (await (window as any).editor.getDesign()).body.rows[row].columns[0].blocks.length, lastRow)).toBe(0);
    await page.keyboard.press(`${modifier}+z`);
    await expectText('First second');
  });

  it('inserts a merge tag as one unit and uploads an image into an image block', async () => {
    const { testKey } = newProject('email');
    await open({ key: testKey, userId: 'tagger' });
    expect(await mountEditor(page, { template: exampleDesign('email') })).toEqual({ ok: true });
    const frame = await editorFrame(page);
    const blocks = frame.getByRole('toolbar', { name: 'Blocks' });
    await blocks.getByRole('button', { name: 'Text', exact: true }).click();
    await waitFor('the focus in the new block', async () => (await frame.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === 'Text');
    await page.keyboard.type('Hi ');
    await insertMergeTag(frame, '{{contact.first_name}}');
    await page.keyboard.type('!');
    await blocks.getByRole('button', { name: 'Image', exact: true }).click();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGO4e/cuAAUyApjDDfqPAAAAAElFTkSuQmCC', 'base64');
    await frame.getByLabel('Upload image').setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: png });
    await waitFor('the uploaded image in the block', async () =>
      page.evaluate(async () => /\/files\/v1\//.test((await (window as any).editor.getDesign()).body.rows.at(-1).columns[0].blocks[1]?.src ?? '')),
    );
    await page.keyboard.press(`${modifier}+s`);
    const [saved] = await waitFor('a save event', async () => {
      const saves = await editorEvents(page, 'save');
      return saves.length ? saves : false;
    });
    const stored = await call('GET', `/embed/v1/users/tagger/designs/${saved.designId}`, { bearer: testKey });
    const [text, image] = stored.body.doc.body.rows.at(-1).columns[0].blocks;
    expect(text.content).toEqual([{ type: 'paragraph', content: [{ text: 'Hi {{contact.first_name}}!' }] }]);
    expect(image).toMatchObject({ type: 'image', src: expect.stringMatching(/^http:\/\/.+\/files\/v1\//) });
    const exported = await call('POST', `/embed/v1/designs/${saved.designId}/export`, { bearer: testKey, body: { user: { id: 'tagger' }, merge: { contact: { first_name: 'Ada' } } } });
    expect(exported.status).toBe(200);
    expect(exported.body.html).toContain('Hi Ada!');
  });

  it.each(['email', 'page', 'popup', 'document'] as const)('opens the %s example in its mode and saves it unchanged', async (mode) => {
    const { testKey } = newProject(mode);
    await open({ key: testKey, userId: `keeper-${mode}` });
    const template = exampleDesign(mode);
    expect(await mountEditor(page, { template })).toEqual({ ok: true });
    const frame = await editorFrame(page);
    const offered = await frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button').allTextContents();
    expect(offered.includes('Form')).toBe(mode === 'page' || mode === 'popup');
    await frame.getByRole('button', { name: 'Save', exact: true }).click();
    const [saved] = await waitFor('a save event', async () => {
      const saves = await editorEvents(page, 'save');
      return saves.length ? saves : false;
    });
    const stored = await call('GET', `/embed/v1/users/keeper-${mode}/designs/${saved.designId}`, { bearer: testKey });
    expect(stored.body.doc).toEqual(template);
  });

  it('drags a block into another column, and undoes the move', async () => {
    const { testKey } = newProject('email');
    await open({ key: testKey, userId: 'dragger' });
    const template = exampleDesign('email');
    expect(await mountEditor(page, { template })).toEqual({ ok: true });
    const frame = await editorFrame(page);
    const twoColumns = template.body.rows.findIndex((row: any) => row.columns.length === 2);
    const dragged = template.body.rows[twoColumns].columns[0].blocks[0];
    const column = (c: number) => page.evaluate(async ([row, at]) => (await (window as any).editor.getDesign()).body.rows[row].columns[at].blocks, [twoColumns, c]);
    // Dropped on the upper part of the second column's first block: before it.
    await frame.locator(`[data-block-path="${twoColumns}.0.0"]`).dragTo(frame.locator(`[data-block-path="${twoColumns}.1.0"]`), { targetPosition: { x: 20, y: 4 } });
    await waitFor('the block in the second column', async () => JSON.stringify((await column(1))[0]) === JSON.stringify(dragged));
    expect(await column(0)).toEqual(template.body.rows[twoColumns].columns[0].blocks.slice(1));
    await frame.getByRole('button', { name: 'Undo', exact: true }).click();
    await waitFor('the block back in its column', async () => JSON.stringify(await column(0)) === JSON.stringify(template.body.rows[twoColumns].columns[0].blocks));
  });

  it('keeps working under a host page whose CSS unsets everything and hides every other div', async () => {
    const { testKey } = newProject('email');
    await open({ key: testKey, userId: 'hostile', css: '* { all: unset !important } div:not(#editor) { display: none !important } iframe { width: 10px; height: 10px }' });
    expect(await mountEditor(page)).toEqual({ ok: true });
    const frame = await editorFrame(page);
    const box = await page.locator('iframe').boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(480);
    expect(box?.width).toBeGreaterThan(600);
    await frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Text', exact: true }).click();
    await waitFor('the focus in the new block', async () => (await frame.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === 'Text');
    await page.keyboard.type('Still here');
    await waitFor('the typed text in the design', async () => page.evaluate(async () => JSON.stringify(await (window as any).editor.getDesign()).includes('Still here')));
    expect(await frame.getByRole('button', { name: 'Save', exact: true }).isVisible()).toBe(true);
  });

  it('refuses to open with a token minted for another site', async () => {
    const { testKey } = newProject('email');
    await open({ key: testKey, userId: 'intruder', tokenOrigin: 'https://app.integrator.example' });
    const result = await mountEditor(page);
    expect(result.ok).toBe(false);
    // The server answers without CORS for a page that is not the token's, so the browser shows the page nothing more.
    expect(result.error).toEqual({ code: 'network_error', message: expect.stringContaining("origin is not the token's") });
    expect(await page.locator('iframe').count()).toBe(0);
  });
});
