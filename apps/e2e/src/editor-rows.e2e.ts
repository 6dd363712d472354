// @lane shared
// Saved rows in the editor (issue 32): the Rows panel saves the selected row to the
// person's own rows and inserts saved rows by keyboard and by pointer drag in another
// design; a locked project row refuses edits with words that say why, and a synced one
// shows the project row's current content in every design that holds it. Before it, the
// editor had no Rows panel and nothing kept a locked row as it was.
import { mkdirSync } from 'node:fs';
import type { Frame, Locator, Page } from 'playwright-core';
import { call, editorSession, exampleDesign, newProject } from './support/api';
import { seriousViolations } from './support/axe';
import { editorBrowser, editorFrame, mountEditor } from './support/integrator-page';
import { waitFor } from './support/stack';

jest.setTimeout(180_000);

const SHOTS = '/work/wt/rows-shots';
const email = exampleDesign('email');
const footer = email.body.rows.find((row: { id: string }) => row.id === 'footer');
const words = (id: string, text: string) => ({ id, columns: [{ blocks: [{ type: 'text', id: `${id}-text`, content: [{ type: 'paragraph', content: [{ text }] }] }] }] });

/** A design the integrator's server makes for the person, holding `rows`. */
async function designOf(key: string, userId: string, name: string, rows: unknown[]): Promise<string> {
  const answer = await call('POST', `/embed/v1/users/${userId}/designs`, { bearer: key, body: { name, doc: { ...email, body: { ...email.body, rows } } } });
  if (answer.status !== 201) throw new Error(`design: ${answer.status} ${answer.text}`);
  return answer.body.id;
}

async function projectRow(key: string, body: object): Promise<{ id: string }> {
  const answer = await call('POST', '/embed/v1/rows', { bearer: key, body });
  if (answer.status !== 201) throw new Error(`row: ${answer.status} ${answer.text}`);
  return answer.body;
}

/** The design as the service has it, saved now through the SDK (`editor.save()`). */
async function saved(page: Page, key: string, userId: string): Promise<any> {
  const { designId } = await page.evaluate(() => (window as any).editor.save());
  const answer = await call('GET', `/embed/v1/users/${userId}/designs/${designId}`, { bearer: key });
  expect(answer.status).toBe(200);
  return answer.body.doc;
}

/** Opens the person's design in a freshly mounted editor (the one before destroyed). */
async function open(page: Page, designId: string): Promise<Frame> {
  await page.evaluate(() => typeof (window as any).editor?.destroy === 'function' && (window as any).editor.destroy());
  expect(await mountEditor(page, { designId })).toEqual({ ok: true });
  const frame = await editorFrame(page);
  // The panel starts folded to its title, leaving the property panel the room.
  const fold = frame.getByRole('button', { name: 'Rows', exact: true });
  expect(await fold.getAttribute('aria-expanded')).toBe('false');
  await fold.click();
  await rowsPanel(frame).getByRole('list', { name: 'Saved rows' }).waitFor({ state: 'attached' });
  await waitFor('the rows to load', async () => !(await rowsPanel(frame).getByText('Loading rows…').count()));
  return frame;
}

const rowsPanel = (frame: Frame) => frame.getByRole('region', { name: 'Rows' });
const canvasText = (frame: Frame, text: string) => frame.getByRole('main').getByText(text).first();

async function pointIn(target: Locator, fx = 0.5, fy = 0.5): Promise<{ x: number; y: number }> {
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = await target.boundingBox();
  if (!box) throw new Error('the target is not shown');
  return { x: box.x + box.width * fx, y: box.y + box.height * fy };
}

describe('saved rows in the editor', () => {
  const browser = editorBrowser();
  beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

  it('saves the selected row to the person’s rows, and inserts it in another design by keyboard and by drag', async () => {
    const { testKey } = newProject('email');
    const userId = 'row-saver';
    const first = await designOf(testKey, userId, 'Newsletter', email.body.rows);
    const second = await designOf(testKey, userId, 'Announcement', [words('intro', 'Big news inside')]);
    await browser.open({ key: testKey, userId });
    const { page } = browser;
    let frame = await open(page, first);
    const panel = rowsPanel(frame);
    expect(await panel.getByText('No saved rows yet.').count()).toBe(1);

    // The footer (row 5) selected, saved under a name the person writes.
    await frame.getByRole('button', { name: 'Row 5', exact: true }).click();
    await panel.getByRole('button', { name: 'Save row to my rows' }).click();
    await panel.getByRole('textbox', { name: 'Row name' }).fill('Our footer');
    await page.keyboard.press('Enter');
    await panel.getByRole('status').getByText('Row “Our footer” saved to your rows.').waitFor();
    const insert = panel.getByRole('button', { name: 'Insert Our footer' });
    await insert.waitFor();
    expect(await seriousViolations(frame)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/saved-row-1280.png` });
    const { editor } = await editorSession(testKey, userId);
    expect((await editor('GET', '/rows')).body.rows).toEqual([expect.objectContaining({ name: 'Our footer', owner: 'person', locked: false, synced: false, row: footer })]);

    // In the other design: Enter on the row's button inserts it at the end (nothing selected).
    frame = await open(page, second);
    const keyboardInsert = rowsPanel(frame).getByRole('button', { name: 'Insert Our footer' });
    await keyboardInsert.focus();
    await page.keyboard.press('Enter');
    await canvasText(frame, 'Northwind Outfitters, 18 Harbour Street, Portland, ME 04101').waitFor();
    let doc = await saved(page, testKey, userId);
    expect(doc.body.rows.map((row: { id: string }) => row.id)).toEqual(['intro', 'footer']);
    expect(doc.body.rows[1]).toEqual(footer);

    // Dragged onto the top of the design, a second copy goes first, with ids of its own.
    const start = await pointIn(rowsPanel(frame).getByRole('button', { name: 'Insert Our footer' }));
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x - 8, start.y - 8, { steps: 3 });
    const top = await pointIn(frame.locator('[data-row="0"]'), 0.5, 0.1);
    await page.mouse.move(top.x, top.y, { steps: 12 });
    await page.mouse.up();
    await waitFor('the dropped row', async () => (await frame.locator('[data-row]').count()) === 3);
    doc = await saved(page, testKey, userId);
    expect(doc.body.rows.map((row: { id: string }) => row.id)).toEqual(['footer-copy', 'intro', 'footer']);
    expect(doc.body.rows[0].columns[0].blocks.map((block: { type: string }) => block.type)).toEqual(['social', 'text']);
  });

  it('keeps a locked project row as it is, saying why, and shows a synced row’s current content in every design', async () => {
    const { testKey } = newProject('email');
    const userId = 'row-user';
    await projectRow(testKey, { name: 'Legal footer', row: footer, locked: true });
    const banner = await projectRow(testKey, { name: 'Sale banner', row: words('banner', 'Winter sale: 20% off'), synced: true });
    const designId = await designOf(testKey, userId, 'Weekly', [words('intro', 'This week')]);
    const other = await designOf(testKey, userId, 'Monthly', [{ ...words('banner', 'Winter sale: 20% off'), syncedRowId: banner.id }, words('story', 'Our month')]);
    await browser.open({ key: testKey, userId });
    const { page } = browser;
    let frame = await open(page, designId);
    const panel = rowsPanel(frame);
    expect(await panel.getByRole('listitem').allTextContents()).toEqual(['Sale bannerProject · Synced', 'Legal footerProject · Locked']);

    for (const name of ['Insert Legal footer', 'Insert Sale banner']) {
      await panel.getByRole('button', { name }).focus();
      await page.keyboard.press('Enter');
    }
    await canvasText(frame, 'Winter sale: 20% off').waitFor();
    expect(await frame.getByRole('main').getByText('Locked', { exact: true }).count()).toBe(1);
    expect(await frame.getByRole('main').getByText('Synced from the library').count()).toBe(1);

    // The locked row (row 2) selected, Delete row is refused in words that say why.
    await frame.getByRole('button', { name: 'Row 2', exact: true }).click();
    await frame.getByRole('button', { name: 'Delete row' }).click();
    const refusal = frame.getByRole('alert').filter({ hasText: 'locked' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('This row comes from your project’s library and is locked: it cannot be changed, moved or deleted here.');
    // So is a block of it deleted with the keyboard.
    await refusal.getByRole('button', { name: 'Dismiss' }).click();
    await refusal.waitFor({ state: 'detached' });
    await frame.locator('[data-block-path="1.0.0"]').click({ position: { x: 30, y: 4 } });
    await page.keyboard.press('Delete');
    await refusal.waitFor();
    expect(await frame.locator('[data-row]').count()).toBe(3);
    expect(await seriousViolations(frame)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/locked-refused-1280.png` });

    const doc = await saved(page, testKey, userId);
    expect(doc.body.rows.map((row: any) => [row.id, row.locked ?? false, row.syncedRowId ?? null])).toEqual([
      ['intro', false, null],
      ['footer', true, null],
      ['banner', false, banner.id],
    ]);
    expect(doc.body.rows[1].columns).toEqual(footer.columns);

    // The integrator changes the synced row: both designs show the new words when opened next.
    const replaced = await call('PUT', `/embed/v1/rows/${banner.id}`, { bearer: testKey, body: { name: 'Sale banner', row: words('banner', 'Spring sale: 30% off'), synced: true } });
    expect(replaced.status).toBe(200);
    frame = await open(page, other);
    await canvasText(frame, 'Spring sale: 30% off').waitFor();
    expect(await frame.getByRole('main').getByText('Winter sale: 20% off').count()).toBe(0);
    frame = await open(page, designId);
    await canvasText(frame, 'Spring sale: 30% off').waitFor();
    await page.screenshot({ path: `${SHOTS}/synced-updated-1280.png` });

    // At a phone's width the panel is under the canvas and still used.
    await page.setViewportSize({ width: 390, height: 844 });
    frame = await open(page, designId);
    await rowsPanel(frame).getByRole('button', { name: 'Insert Legal footer' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/rows-panel-390.png` });
    expect(await seriousViolations(frame)).toEqual([]);
  });
});
