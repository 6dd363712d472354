// @lane shared
// What a paste puts into a text, through the real clipboard and Ctrl+V in Chromium: the
// document's own formats at once, the canvas showing exactly what is saved, no remote
// image fetched by the designer's browser, and a paste past what a text holds cut there
// with a message in the person's language, the size meter telling the truth.
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { call, exampleDesign, newProject } from './support/api';
import { editorBrowser, firstSave } from './support/integrator-page';
import { waitFor } from './support/stack';
import { shotsFolder } from './support/shots';

const SHOTS = shotsFolder('paste');

/** A third party's server that counts every request for its tracking pixel. */
async function pixelServer(): Promise<{ url: string; requests: () => number; server: Server }> {
  let requests = 0;
  const server = createServer((request, response) => {
    if (request.url?.startsWith('/pixel.gif')) requests++;
    response.writeHead(200, { 'content-type': 'image/gif', 'access-control-allow-origin': '*' }).end(Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/pixel.gif`, requests: () => requests, server };
}

/** Puts HTML and its text on the browser's clipboard, as copying from a web page does. */
async function copy(page: Page, html: string, text: string): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(
    ([htmlData, textData]) =>
      navigator.clipboard.write([new ClipboardItem({ 'text/html': new Blob([htmlData], { type: 'text/html' }), 'text/plain': new Blob([textData], { type: 'text/plain' }) })]),
    [html, text],
  );
}

const lastContent = (page: Page) => page.evaluate(async () => (await (window as any).editor.getDesign()).body.rows.at(-1).columns[0].blocks[0].content);

async function newTextBlock(frame: Frame) {
  await frame.getByRole('toolbar', { name: /^(Blocks|Blocs)$/ }).getByRole('button', { name: /^(Text|Texte)$/ }).click();
  await waitFor('the focus in the new block', async () => (await frame.evaluate(() => document.activeElement?.getAttribute('role'))) === 'textbox');
  return frame.locator('.rich-text').last();
}

describe('pasting into a text', () => {
  const browser = editorBrowser();
  let pixel: Awaited<ReturnType<typeof pixelServer>>;
  beforeAll(async () => {
    pixel = await pixelServer();
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(() => pixel.server.close());

  it('keeps only the document’s formats, shows what it saves, and never fetches a pasted image', async () => {
    const { testKey } = newProject('email');
    const { page, frame } = await browser.editor(testKey, 'paster', { template: exampleDesign('email') });
    const html = `<html><head><style>h1 { color: red }</style></head><body>
      <h1 style="font-size: 40px">Summer <b>sale</b></h1>
      <p style="font-family: 'Comic Sans MS'; font-size: 40px">Big <i>news</i> for <a href="https://northwind.example/sale">you</a> <a href="javascript:alert(1)">here</a>.</p>
      <img src="${pixel.url}?from=img" width="1" height="1"><iframe src="${pixel.url}?from=iframe">frame fallback</iframe>
      <ul><li>one</li><li style="background: url(${pixel.url}?from=style)">two</li></ul>
      <picture><source srcset="${pixel.url}?from=source"><img srcset="${pixel.url}?from=srcset"></picture>
    </body></html>`;
    await copy(page, html, 'Summer sale');
    const editable = await newTextBlock(frame);
    await page.screenshot({ path: path.join(SHOTS, 'paste-before.png') });

    const started = Date.now();
    await page.keyboard.press('Control+v');
    const expected = [
      { type: 'paragraph', content: [{ text: 'Summer ' }, { text: 'sale', bold: true }] },
      { type: 'paragraph', content: [{ text: 'Big ' }, { text: 'news', italic: true }, { text: ' for ' }, { text: 'you', href: 'https://northwind.example/sale' }, { text: ' here.' }] },
      { type: 'list', ordered: false, items: [[{ text: 'one' }], [{ text: 'two' }]] },
    ];
    await waitFor('the paste in the design', async () => JSON.stringify(await lastContent(page)) === JSON.stringify(expected));
    expect(Date.now() - started).toBeLessThan(5000);

    // The canvas shows the document's content and nothing else: no heading, font, image or frame.
    await waitFor('the paste on the canvas', async () => (await editable.locator('p').count()) === 2);
    expect(await editable.locator('h1, img, iframe, picture, font, [style*="font"], [style*="background"]').count()).toBe(0);
    expect(await editable.locator('p').allTextContents()).toEqual(['Summer sale', 'Big news for you here.']);
    expect(await editable.locator('li').allTextContents()).toEqual(['one', 'two']);
    expect(await editable.locator('p').first().evaluate((node) => getComputedStyle(node).fontSize)).not.toBe('40px');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(pixel.requests()).toBe(0);
    await editable.evaluate((node) => node.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: path.join(SHOTS, 'paste-after.png') });

    // What the canvas shows is what the service keeps.
    await page.keyboard.press('Control+s');
    const saved = await firstSave(page);
    const stored = await call('GET', `/embed/v1/users/paster/designs/${saved.designId}`, { bearer: testKey });
    expect(stored.body.doc.body.rows.at(-1).columns[0].blocks[0].content).toEqual(expected);
    expect(pixel.requests()).toBe(0);
  });

  it('cuts a paste of 326,000 characters to what the text holds, says so in the person’s language, and the meter and the save agree', async () => {
    const { testKey } = newProject('email');
    const { page, frame } = await browser.editor(testKey, 'bulk-paster', { template: exampleDesign('email'), locale: 'fr' });
    const lines = Array.from({ length: 326 }, (_, i) => `${String(i).padStart(3, '0')} ${'lorem ipsum '.repeat(83)}`.slice(0, 999));
    const text = lines.join('\n');
    expect(text.length).toBe(326_000 - 1);
    await copy(page, `<div>${lines.map((line) => `<p>${line}</p>`).join('')}</div>`, text);
    const meterBefore = await frame.locator('#clipping-value').textContent();
    const editable = await newTextBlock(frame);

    const started = Date.now();
    await page.keyboard.press('Control+v');
    const content = await waitFor('the paste in the design', async () => {
      const value = await lastContent(page);
      return value.length > 1 ? value : false;
    });
    const took = Date.now() - started;
    // A text holds 200 paragraphs: the first 200 lines are kept, whole.
    expect(content).toEqual(lines.slice(0, 200).map((line) => ({ type: 'paragraph', content: [{ text: line }] })));
    expect(took).toBeLessThan(10_000);
    const notice = frame.getByRole('alert').filter({ hasText: 'raccourci' });
    await waitFor('the message where the paste was made', async () => (await notice.count()) === 1);
    expect(await notice.textContent()).toMatch(/^Texte collé raccourci pour tenir dans ce bloc : 199\s999 caractères gardés sur 325\s999\./);
    await waitFor('the canvas showing the 200 paragraphs', async () => (await editable.locator('p').count()) === 200);

    // The size meter follows the document, which holds what the canvas shows.
    await waitFor('the meter measuring the pasted text', async () => {
      const value = (await frame.locator('#clipping-value').textContent()) ?? '';
      return value !== meterBefore && Number.parseFloat(value.replace(/\s/g, '').replace(',', '.')) > 195;
    });
    await notice.evaluate((node) => node.scrollIntoView({ block: 'end' }));
    await page.screenshot({ path: path.join(SHOTS, 'paste-cut.png') });

    await page.keyboard.press('Control+s');
    const saved = await firstSave(page);
    const stored = await call('GET', `/embed/v1/users/bulk-paster/designs/${saved.designId}`, { bearer: testKey });
    expect(stored.body.doc.body.rows.at(-1).columns[0].blocks[0].content).toHaveLength(200);
    const errors = await page.evaluate(() => (window as any).editorEvents.filter((event: any) => event.name === 'error'));
    expect(errors).toEqual([]);
  });
  it('does not keep typing past what a paragraph holds, shows the text as saved and says why', async () => {
    const { testKey } = newProject('email');
    const { page, frame } = await browser.editor(testKey, 'long-typist', { template: exampleDesign('email') });
    const full = 'a'.repeat(10_000);
    await copy(page, '', full);
    const editable = await newTextBlock(frame);
    await page.keyboard.press('Control+v');
    await waitFor('a full paragraph in the design', async () => JSON.stringify(await lastContent(page)) === JSON.stringify([{ type: 'paragraph', content: [{ text: full }] }]));
    await page.keyboard.type('b');
    const notice = frame.getByRole('alert').filter({ hasText: 'not kept' });
    await waitFor('the message under the text', async () => (await notice.count()) === 1);
    expect(await notice.textContent()).toContain('A paragraph holds up to 10,000 characters of one style');
    expect(await editable.textContent()).toBe(full);
    expect(JSON.stringify(await lastContent(page))).toBe(JSON.stringify([{ type: 'paragraph', content: [{ text: full }] }]));
  });
});
