// @lane shared
// The demo integrator site that `npm start` serves (contracts §7), against the real stack in
// real Chromium: its server mints tokens for its one person, and a person makes a design in it.
import { isDeepStrictEqual } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { call, saveDesign } from './support/api';
import { DemoSite, designInAddress, openDemo } from './support/demo-site';
import { editorFrame, insertMergeTag, launchChromium } from './support/integrator-page';
import { baseUrl, waitFor } from './support/stack';
import { WebhookReceiver } from './support/webhook-receiver';

describe('the demo integrator site', () => {
  let browser: Browser;
  let page: Page;
  let receiver: WebhookReceiver;
  let demo: DemoSite;

  beforeAll(async () => {
    browser = await launchChromium();
    receiver = await WebhookReceiver.start();
    demo = await DemoSite.start('demo-writer', '--webhook-url', receiver.url('demo'));
  });
  afterAll(async () => {
    await browser?.close();
    await demo?.stop();
    await receiver?.stop();
  });
  beforeEach(async () => {
    page = await browser.newPage();
  });
  afterEach(async () => {
    await page.close();
  });

  it('serves a page that loads the SDK from the service, and mints tokens for its one person on its own origin', async () => {
    const home = await fetch(`${demo.url}/`);
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    expect(home.headers.get('content-security-policy')).toContain(`script-src 'self' ${baseUrl()}`);
    expect(await home.text()).toContain(`<script src="${baseUrl()}/editor/v1/embed.js"></script>`);

    // The page names no person: whatever it asks, the token is the demo person's, for the demo's origin.
    const minted = await fetch(`${demo.url}/my-editor-token?userId=someone-else`, { method: 'POST', body: '{"user":{"id":"someone-else"}}' });
    expect(minted.status).toBe(200);
    const { token } = (await minted.json()) as { token: string };
    const own = await call('GET', '/editor/v1/designs', { bearer: token, headers: { origin: demo.url } });
    expect(own.status).toBe(200);
    const elsewhere = await call('GET', '/editor/v1/designs', { bearer: token, headers: { origin: 'http://localhost:1' } });
    expect(elsewhere.status).toBe(403);
    expect((await fetch(`${demo.url}/my-editor-token`)).status).toBe(405);
  });

  it('makes a design: a text block typed with a bold word and a merge tag, saved with Ctrl+S, is in the API, the list, a webhook and an export', async () => {
    await openDemo(page, demo, '/?new=blank');
    const frame = await editorFrame(page);
    await frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Text', exact: true }).click();
    await waitFor('the new text block to take the focus', async () => (await frame.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === 'Text');
    await page.keyboard.type('Welcome aboard, ');
    await insertMergeTag(frame, '{{contact.first_name}}');
    await page.keyboard.type('! ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Enjoy');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' the ride.');
    await page.keyboard.press('Control+s');

    const designId = await designInAddress(page);
    await waitFor('the page to tell of the save', async () => /^Saved, revision \d+\.$/.test((await page.getByRole('status').textContent()) ?? ''));
    // Autosave may have made the design before Ctrl+S: the save that holds the whole sentence is the one to find.
    const stored = await waitFor('the sentence saved', async () => {
      const answer = await call('GET', `/embed/v1/users/demo-writer/designs/${designId}`, { bearer: demo.project.testKey });
      return JSON.stringify(answer.body.doc?.body.rows.at(-1)).includes(' the ride.') && answer;
    });
    expect(stored.body.doc.body.rows.at(-1).columns[0].blocks).toEqual([
      { type: 'text', content: [{ type: 'paragraph', content: [{ text: 'Welcome aboard, {{contact.first_name}}! ' }, { text: 'Enjoy', bold: true }, { text: ' the ride.' }] }] },
    ]);

    const listed = page.getByRole('navigation', { name: 'Your designs' }).getByRole('link', { name: stored.body.name, exact: true });
    await waitFor('the design in the page’s list', async () => (await listed.getAttribute('href')) === `/?design=${designId}`);
    const [saved] = await receiver.waitFor('demo', 'design.saved', (requests) => requests.some((request) => request.json.data.designId === designId), 30_000);
    expect(saved.json).toMatchObject({ type: 'design.saved', data: { designId, userId: 'demo-writer' } });

    const exported = await call('POST', `/embed/v1/designs/${designId}/export`, { bearer: demo.project.testKey, body: { user: { id: 'demo-writer' }, merge: { contact: { first_name: 'Ada' } } } });
    expect(exported.status).toBe(200);
    expect(exported.body.html.replace(/<[^<>]*>/g, '')).toContain('Welcome aboard, Ada! Enjoy the ride.');
  });

  it('opens a saved design from its list, as it was saved', async () => {
    const design = await saveDesign(demo.project.testKey, 'demo-writer', 'Autumn letter');
    await openDemo(page, demo, '/?new=blank');
    await page.getByRole('navigation', { name: 'Your designs' }).getByRole('link', { name: 'Autumn letter', exact: true }).click();
    await waitFor('the saved design in the editor', async () => isDeepStrictEqual(await page.evaluate(async () => (await (window as any).embedEditor?.getDesign()) ?? null), design.doc));
    expect(new URL(page.url()).searchParams.get('design')).toBe(design.id);
    expect(await page.getByRole('status').textContent()).toBe('Editing a saved design.');
  });

  it('gives the editor the whole width of a phone, with the canvas above the panels, Save in sight and every other button of the top bar brought into sight by the focus', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openDemo(page, demo, '/?new=blank');
    const frame = await editorFrame(page);
    const box = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!;
    const editor = await box(page.locator('#editor iframe'));
    expect(editor.width).toBeGreaterThanOrEqual(390 - 2 * 24);

    const canvas = await box(frame.getByRole('main'));
    const checks = await box(frame.getByRole('region', { name: 'Checks' }));
    expect(canvas.width).toBeGreaterThanOrEqual(editor.width - 2);
    expect(checks.y).toBeGreaterThanOrEqual(canvas.y + canvas.height - 1);
    // The top bar is one line that scrolls sideways: Save stays in sight (there is no Ctrl+S on
    // a phone), and each other button (the previews, restore points, export), focused, comes
    // into the frame uncovered by Save or the save state pinned at the bar's ends.
    const save = await box(frame.getByRole('banner').getByRole('button', { name: 'Save', exact: true }));
    expect(save.x + save.width).toBeLessThanOrEqual(editor.x + editor.width);
    expect((await box(frame.getByRole('banner'))).height).toBeLessThan(60);
    for (const button of await frame.getByRole('banner').getByRole('button').all()) {
      await button.focus();
      const { x, width } = await box(button);
      expect([await button.textContent(), x >= editor.x && x + width <= editor.x + editor.width]).toEqual([await button.textContent(), true]);
      expect(await button.evaluate((element) => {
        const own = element.getBoundingClientRect();
        return element.contains(document.elementFromPoint(own.left + own.width / 2, own.top + own.height / 2));
      })).toBe(true);
    }
  });
});
