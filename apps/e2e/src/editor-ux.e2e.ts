// @lane shared
// What the person sees of the editor's refusals, save errors, blocks and exports (issue
// 30), in real Chromium against the real stack: each refusal in their language where they
// acted (the integrator's `error` handler still hears it), a save error that names the
// block and takes the person to it, html blocks and social icons shown as they will be
// sent, an email's PDF in the layout designed, a new image's placeholder, inherited
// colours and the frame's loading state.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Frame, Page } from 'playwright-core';
import { call, exampleDesign, newProject } from './support/api';
import { seriousViolations } from './support/axe';
import { editorCatalogues } from './support/editor-words';
import { editorBrowser, editorEvents, editorFrame, mountEditor } from './support/integrator-page';
import { waitFor } from './support/stack';
import { shotsFolder } from './support/shots';

const SHOTS = shotsFolder('ux');
const words = editorCatalogues();

/** The design the page reads now (getDesign sends every edit made before the call). */
const design = (page: Page): Promise<any> => page.evaluate(() => (window as any).editor.getDesign());

/** The words of `key` in `locale`, `{name}`s filled. */
const said = (locale: 'en' | 'fr', key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replace(`{${name}}`, String(value)), words[locale][key]);

/** An email whose first row's column already holds the most blocks a column takes (50). */
function emailWithFullColumn() {
  const doc = exampleDesign('email');
  doc.body.rows.unshift({ columns: [{ blocks: Array.from({ length: 50 }, () => ({ type: 'spacer', height: 8 })) }] });
  return doc;
}

/** A server on loopback that counts the requests it gets, by path: what the canvas fetched. */
async function countingServer(): Promise<{ origin: string; hits: Map<string, number>; server: Server }> {
  const hits = new Map<string, number>();
  const server = createServer((request, response) => {
    hits.set(request.url ?? '', (hits.get(request.url ?? '') ?? 0) + 1);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`, hits, server };
}

/** Where pdftotext finds each word on the PDF's first page: its left and top edges, in points. */
function wordBoxes(pdf: Buffer): { word: string; x: number; y: number }[] {
  const file = `${SHOTS}/email.pdf`;
  writeFileSync(file, pdf);
  const boxes = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
  return [...boxes.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map(([, x, y, word]) => ({ word, x: Number(x), y: Number(y) }));
}

/** The alert shown inside `scope`, once there. */
async function alertIn(scope: ReturnType<Frame['locator']>): Promise<string> {
  const alert = scope.getByRole('alert');
  await alert.waitFor();
  return (await alert.textContent()) ?? '';
}

describe('the editor, as a designer sees it', () => {
  const browser = editorBrowser();

  it('shows each refusal in the person’s language where they acted, and still tells the integrator', async () => {
    const { testKey } = newProject('email');
    const { page, frame } = await browser.editor(testKey, 'refused', { template: emailWithFullColumn(), locale: 'fr' });
    const fr = words.fr;

    // A full column: the block clicked in from the toolbar is refused, said under the toolbar.
    await frame.locator('[data-block-path="0.0.49"]').click();
    await frame.getByRole('toolbar', { name: fr['toolbar.blocks'] }).getByRole('button', { name: fr['block.text'], exact: true }).click();
    const toolbarRefusal = frame.locator('.refusal-toolbar');
    expect(await alertIn(frame.locator('.editor'))).toBe(said('fr', 'refusal.columnFull', { max: 50 }) + fr['notice.dismiss']);
    expect(await toolbarRefusal.isVisible()).toBe(true);
    expect((await design(page)).body.rows[0].columns[0].blocks).toHaveLength(50);
    expect((await editorEvents(page, 'error')).map((error) => error.code)).toEqual(['edit_refused']);
    expect(await seriousViolations(frame)).toEqual([]);
    await toolbarRefusal.getByRole('button', { name: fr['notice.dismiss'] }).click();
    await toolbarRefusal.waitFor({ state: 'detached' });

    // Uploads refused, under the upload field: not an image (known here, then by the service's reading of the bytes), too large.
    const imagePath = '2.0.0';
    await frame.locator(`[data-block-path="${imagePath}"]`).click();
    const panel = frame.getByRole('complementary', { name: fr['properties.label'] });
    const upload = panel.getByLabel(fr['properties.uploadImage']);
    const srcBefore = (await design(page)).body.rows[2].columns[0].blocks[0].src;
    await upload.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    expect(await alertIn(panel)).toBe(fr['refusal.imageType'] + fr['notice.dismiss']);
    await upload.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await waitFor('the too-large refusal', async () => (await alertIn(panel)) === said('fr', 'refusal.imageTooLarge', { max: 5 }) + fr['notice.dismiss']);
    await upload.setInputFiles({ name: 'renamed.png', mimeType: 'image/png', buffer: Buffer.from('plain text, named a PNG') });
    await waitFor('the service’s refusal of the bytes', async () => (await editorEvents(page, 'error')).some((error) => error.code === 'request_invalid'));
    expect(await alertIn(panel)).toBe(fr['refusal.imageType'] + fr['notice.dismiss']);
    expect(await seriousViolations(frame)).toEqual([]);
    expect((await editorEvents(page, 'error')).map((error) => error.code)).toEqual(['edit_refused', 'upload_failed', 'upload_failed', 'request_invalid']);
    await page.screenshot({ path: `${SHOTS}/refusal-upload.png` });

    // Nothing of it reached the design the service keeps.
    await frame.getByRole('button', { name: fr['topbar.save'], exact: true }).click();
    const saved = await waitFor('a save', async () => (await editorEvents(page, 'save'))[0] ?? false);
    const stored = await call('GET', `/embed/v1/users/refused/designs/${saved.designId}`, { bearer: testKey });
    expect(stored.body.doc.body.rows[0].columns[0].blocks).toHaveLength(50);
    expect(stored.body.doc.body.rows[2].columns[0].blocks[0].src).toBe(srcBefore);
  });

  it('names the block a refused save is about, takes the person to it, and refuses an over-long field as it is typed', async () => {
    const { testKey } = newProject('email');
    const template = exampleDesign('email');
    // A link no email may carry: the service refuses the save, naming the field's path.
    template.body.rows[1].columns[0].blocks[3].href = 'javascript:alert(1)';
    const { page, frame } = await browser.editor(testKey, 'faulty', { template });
    await frame.getByRole('button', { name: 'Save', exact: true }).click();
    const status = frame.locator('.save-state.failed');
    await status.waitFor();
    const block = said('en', 'canvas.block', { type: 'Button', row: 2, column: 1, position: 4 });
    expect(await status.textContent()).toBe(said('en', 'save.state.failedField', { field: 'Link', block }));
    expect((await editorEvents(page, 'error')).map((error) => error.code)).toEqual(['design_invalid']);
    expect(await seriousViolations(frame)).toEqual([]);

    await frame.getByRole('button', { name: 'Go to the block' }).click();
    const button = frame.getByRole('group', { name: block });
    await waitFor('the button block selected and focused', async () => button.evaluate((element) => element.classList.contains('selected') && element === document.activeElement));
    const panel = frame.getByRole('complementary', { name: 'Properties' });
    await panel.getByRole('textbox', { name: 'Link', exact: true }).fill('https://example.com/spring');
    await frame.getByRole('button', { name: 'Save', exact: true }).click();
    const saved = await waitFor('a save', async () => (await editorEvents(page, 'save'))[0] ?? false);
    const stored = await call('GET', `/embed/v1/users/faulty/designs/${saved.designId}`, { bearer: testKey });
    expect(stored.body.doc.body.rows[1].columns[0].blocks[3].href).toBe('https://example.com/spring');

    // A field longer than the design takes is refused as it is typed, named, and never reaches the design.
    await frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'HTML', exact: true }).click();
    const html = panel.getByRole('textbox', { name: 'HTML', exact: true });
    await html.fill('<p>kept</p>');
    await html.fill('x'.repeat(100_001));
    expect(await alertIn(panel)).toBe(said('en', 'problem.length', { field: 'HTML', max: '100,000' }));
    expect((await design(page)).body.rows[1].columns[0].blocks[4]).toMatchObject({ type: 'html', html: '<p>kept</p>' });
  });

  it('shows an html block rendered as it will be sent: sanitized by the renderer’s rules, inert, fetching nothing the render drops', async () => {
    const { testKey } = newProject('email');
    const watched = await countingServer();
    try {
      const template = exampleDesign('email');
      const markup =
        `<h2 style="color:#0a7f5a">Our stores</h2><p onclick="parent.clicked=1">Open <b>every day</b></p>` +
        `<script>parent.ran = 1</script><div style="background:url(${watched.origin}/css-url)">Styled</div>` +
        `<link rel="stylesheet" href="${watched.origin}/sheet.css"><iframe src="${watched.origin}/frame"></iframe>`;
      template.body.rows[4].columns[0].blocks.push({ type: 'html', html: markup });
      const { page, frame } = await browser.editor(testKey, 'html', { template });
      const preview = frame.getByTitle('HTML block as it will be sent');
      await preview.waitFor();
      const inner = (await (await preview.elementHandle())!.contentFrame())!;
      await waitFor('the block’s markup in its frame', async () => (await inner.locator('h2').count()) === 1);
      const shown = await inner.evaluate(() => ({ body: document.body.innerHTML, scripts: document.scripts.length, height: Math.ceil(document.body.getBoundingClientRect().height) }));
      expect(shown.scripts).toBe(0);
      expect(shown.body).not.toMatch(/onclick|<script|<iframe|<link|url\(/);
      expect(shown.body).toContain('<h2 style="color:#0a7f5a">Our stores</h2><p>Open <b>every day</b></p>');
      // The frame is as tall as its content: nothing cut off.
      expect(shown.height).toBeGreaterThan(60);
      await preview.scrollIntoViewIfNeeded();
      await waitFor('the frame as tall as its content', async () => Math.round((await preview.boundingBox())!.height) === shown.height);
      expect(await frame.evaluate(() => (window as any).ran)).toBeUndefined();
      // What the renderer sends of the block is what the canvas shows.
      const rendered = await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc: await design(page) } });
      expect(rendered.body.html).toContain('Our stores</h2>');
      expect(rendered.body.html).not.toContain('onclick');
      // The pointer passes through the frame to the block, which it selects.
      const box = (await preview.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await frame.getByRole('complementary', { name: 'Properties' }).getByRole('heading', { name: 'HTML' }).waitFor();
      expect(await frame.evaluate(() => (window as any).clicked)).toBeUndefined();
      expect(await seriousViolations(frame)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/html-block.png` });
      expect([...watched.hits.keys()]).toEqual([]);
    } finally {
      watched.server.close();
    }
  });

  it('exports an email’s PDF in the layout designed: its two columns side by side', async () => {
    const { testKey } = newProject('email');
    const { frame } = await browser.editor(testKey, 'printer', { template: exampleDesign('email') });
    await frame.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = frame.getByRole('dialog', { name: 'Export' });
    await dialog.getByRole('group', { name: 'Formats' }).getByRole('button', { name: 'PDF', exact: true }).click();
    const link = dialog.getByRole('link', { name: /^Download / });
    await link.waitFor({ timeout: 60_000 });
    const pdf = Buffer.from(await (await fetch((await link.getAttribute('href'))!)).arrayBuffer());
    const words = wordBoxes(pdf);
    const [shirt, jacket] = ['shirt,', 'jacket,'].map((word) => words.find((box) => box.word === word)!);
    // The two products' headings share a line, one in each half of the sheet (A4 is 595 points wide).
    expect(Math.abs(shirt.y - jacket.y)).toBeLessThan(2);
    expect(shirt.x).toBeLessThan(297);
    expect(jacket.x).toBeGreaterThan(297);
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', `${SHOTS}/email.pdf`, `${SHOTS}/email-pdf-page`]);
  });

  it('shows the colour a default colour field inherits, in its swatch and placeholder, and starts its picker there', async () => {
    const { testKey } = newProject('email');
    const { page, frame } = await browser.editor(testKey, 'colours', { template: exampleDesign('email') });
    await frame.locator('[data-block-path="1.0.2"]').click();
    const panel = frame.getByRole('complementary', { name: 'Properties' });
    const swatch = (name: string) => panel.getByLabel(`${name} picker`, { exact: true });
    // The body's text colour and the white content behind the block, not black.
    expect(await swatch('Text colour').inputValue()).toBe('#2b2b2b');
    expect(await panel.getByRole('textbox', { name: 'Text colour', exact: true }).getAttribute('placeholder')).toBe('#2b2b2b (inherited)');
    expect(await swatch('Link colour').inputValue()).toBe('#1f5f4a');
    expect(await swatch('Background colour').inputValue()).toBe('#ffffff');
    expect(await seriousViolations(frame)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/inherited-colours.png` });
    // A colour typed is the block's own, saved as such; the swatch follows it.
    await panel.getByRole('textbox', { name: 'Text colour', exact: true }).fill('#aa3300');
    expect(await swatch('Text colour').inputValue()).toBe('#aa3300');
    expect((await design(page)).body.rows[1].columns[0].blocks[2].style).toEqual({ padding: '8px 32px', color: '#aa3300' });
  });

  it('shows a loading state in the frame at once, in the page’s language, until the editor shows', async () => {
    const { testKey } = newProject('email');
    await browser.open({ key: testKey, userId: 'waiting' });
    const { page } = browser;
    // A loaded machine: the editor's script is held back until the loading state has been seen,
    // so the state must show from the frame's own page, before any of the app arrives.
    let release = () => {};
    await page.route('**/editor/v1/app/assets/main-*.js', async (route) => {
      await new Promise<void>((resolve) => (release = resolve));
      await route.continue();
    });
    for (const locale of ['en', 'fr'] as const) {
      const mounting = mountEditor(page, { template: exampleDesign('email'), locale });
      const frame = await editorFrame(page);
      const loading = frame.getByRole('status').filter({ hasText: words[locale]['editor.loading'] });
      await loading.waitFor();
      expect(await loading.isVisible()).toBe(true);
      expect(await frame.getByRole('toolbar', { name: words[locale]['toolbar.blocks'] }).count()).toBe(0);
      if (locale === 'en') await page.screenshot({ path: `${SHOTS}/loading.png` });
      expect(await seriousViolations(frame)).toEqual([]);
      release();
      expect(await mounting).toEqual({ ok: true });
      await loading.waitFor({ state: 'detached' });
      await frame.getByRole('toolbar', { name: words[locale]['toolbar.blocks'] }).waitFor();
      await page.reload();
    }
  });

  it('keeps the selected block’s title in view in the property panel, and leaves room to edit at 1280×900 with the checks folded', async () => {
    const { testKey } = newProject('email');
    const { page, frame } = await browser.editor(testKey, 'panel', { template: exampleDesign('email') });
    const panel = frame.getByRole('complementary', { name: 'Properties' });
    const box = async (locator: ReturnType<Frame['locator']>) => (await locator.boundingBox())!;
    const inView = async (name: string) => {
      const [heading, pane] = [await box(panel.getByRole('heading', { name, exact: true })), await box(panel)];
      return heading.y >= pane.y - 1 && heading.y + heading.height <= pane.y + pane.height + 1;
    };

    await frame.locator('[data-block-path="1.0.0"]').click();
    await panel.getByRole('heading', { name: 'Image', exact: true }).waitFor();
    const pane = await box(panel);
    await page.mouse.move(pane.x + pane.width / 2, pane.y + pane.height / 2);
    await page.mouse.wheel(0, 3000);
    await waitFor('the panel scrolled down', async () => (await panel.evaluate((element) => element.scrollTop)) > 100);
    // Scrolled through its fields, the block's title stays in sight.
    expect(await inView('Image')).toBe(true);
    // Another block selected: the panel shows it from its title, not at the last one's scroll.
    await frame.locator('[data-block-path="1.0.3"]').click();
    await panel.getByRole('heading', { name: 'Button', exact: true }).waitFor();
    expect(await inView('Button')).toBe(true);
    expect(await panel.getByRole('textbox', { name: 'Button text' }).isVisible()).toBe(true);
    expect(await panel.evaluate((element) => element.scrollTop)).toBe(0);

    // Room to edit: the panel has most of the side; the checks fold to their title and count.
    const side = (await box(panel)).height + (await box(frame.getByRole('region', { name: 'Checks' }))).height;
    expect((await box(panel)).height / side).toBeGreaterThan(0.6);
    const fold = frame.getByRole('button', { name: 'Checks', exact: true });
    expect(await fold.getAttribute('aria-expanded')).toBe('true');
    await fold.click();
    expect(await fold.getAttribute('aria-expanded')).toBe('false');
    expect((await box(panel)).height / side).toBeGreaterThan(0.8);
    expect(await frame.getByRole('region', { name: 'Checks' }).getByText(/^No findings: the design passes every check\.$|^Findings: \d+$/).isVisible()).toBe(true);
    expect(await seriousViolations(frame)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/panel-folded.png` });
    await fold.press('Enter');
    expect(await fold.getAttribute('aria-expanded')).toBe('true');
  });

  it('shows a new image as a compact upload-or-drop placeholder, and places an uploaded image at its natural size up to the column’s', async () => {
    const { testKey } = newProject('email');
    await browser.open({ key: testKey, userId: 'images' });
    const { page } = browser;
    // Two real PNGs: a small logo (120×40) and a wide photo (900×300), as screenshots of the page.
    const logo = await page.screenshot({ clip: { x: 0, y: 0, width: 120, height: 40 } });
    const photo = await page.screenshot({ clip: { x: 0, y: 0, width: 900, height: 300 } });
    expect(await mountEditor(page, { template: exampleDesign('email') })).toEqual({ ok: true });
    const frame = await editorFrame(page);
    const blocks = frame.getByRole('toolbar', { name: 'Blocks' });
    await frame.locator('[data-block-path="1.0.3"]').click();
    await blocks.getByRole('button', { name: 'Image', exact: true }).click();
    const block = frame.getByRole('group', { name: 'Image block, row 2, column 1, position 5' });
    const choose = block.getByLabel('Choose an image');
    await choose.waitFor({ state: 'attached' });
    expect(await block.innerText()).toContain('Drop an image here, or');
    expect((await block.boundingBox())!.height).toBeLessThan(120);
    // The address field shows no data: URL.
    const panel = frame.getByRole('complementary', { name: 'Properties' });
    expect(await panel.getByRole('textbox', { name: 'Image address' }).inputValue()).toBe('');
    expect(await seriousViolations(frame)).toEqual([]);
    await block.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/image-placeholder.png` });

    await choose.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    // The uploaded image, not the placeholder's picture it replaces.
    const image = block.locator('img[src*="/files/"]');
    await image.waitFor();
    await waitFor('the logo at its own width', async () => Math.round((await image.boundingBox())!.width) === 120);
    const placed = (await design(page)).body.rows[1].columns[0].blocks[4];
    expect(placed).toMatchObject({ type: 'image', src: expect.stringMatching(/\/files\/v1\//), width: 120 });

    // A photo wider than the column fills it (no width), not stretched past it.
    await blocks.getByRole('button', { name: 'Image', exact: true }).click();
    await frame.getByRole('group', { name: 'Image block, row 2, column 1, position 6' }).getByLabel('Choose an image').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: photo });
    await waitFor('the photo uploaded', async () => /\/files\/v1\//.test((await design(page)).body.rows[1].columns[0].blocks[5].src));
    expect((await design(page)).body.rows[1].columns[0].blocks[5].width).toBeUndefined();
    await frame.getByRole('button', { name: 'Save', exact: true }).click();
    await waitFor('a save', async () => (await editorEvents(page, 'save'))[0] ?? false);
    // The design as saved now (an autosave may have come before the uploads were placed).
    const saved = await page.evaluate(() => (window as any).editor.save());
    const stored = await call('GET', `/embed/v1/users/images/designs/${saved.designId}`, { bearer: testKey });
    expect(stored.body.doc.body.rows[1].columns[0].blocks[4].width).toBe(120);
    expect(stored.body.doc.body.rows[1].columns[0].blocks[5].width).toBeUndefined();
  });
});
