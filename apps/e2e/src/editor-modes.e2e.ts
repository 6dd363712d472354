// Each mode started from nothing (issue 30, contracts §7): without designId or template
// the editor starts blank in the project's mode, with that mode's blocks, settings and
// checks, and its first save makes a design of that mode. And getDesign() has the
// person's last keystroke however soon the page asks.
import type { Frame, Page } from 'playwright-core';
import { call, newProject } from './support/api';
import { seriousViolations } from './support/axe';
import { editorBrowser, editorFrame, firstSave, mountEditor } from './support/integrator-page';
import { waitFor } from './support/stack';

const MODES = ['email', 'page', 'popup', 'document'] as const;
type Mode = (typeof MODES)[number];

const BLOCKS = ['Text', 'Heading', 'Image', 'Button', 'Divider', 'Spacer', 'Social', 'Menu', 'HTML', 'Video'];
/** The Blocks toolbar of each mode: Form in pages and popups only. */
const BLOCKS_OF: Record<Mode, string[]> = { email: BLOCKS, page: [...BLOCKS, 'Form'], popup: [...BLOCKS, 'Form'], document: BLOCKS };
/** A setting the panel shows for each mode, by its role and name. */
const SETTING_OF: Record<Mode, { role: 'textbox' | 'combobox'; name: string }> = {
  email: { role: 'textbox', name: 'Subject' },
  page: { role: 'textbox', name: 'Page title' },
  popup: { role: 'combobox', name: 'Opens' },
  document: { role: 'combobox', name: 'Page size' },
};

/** The Checks panel's text once the checks have run on the design. */
const checksText = (frame: Frame) =>
  waitFor('the checks of the blank design', async () => {
    const text = await frame.getByRole('region', { name: 'Checks' }).innerText();
    return /Findings: \d+|No findings/.test(text) ? text : false;
  });

/** Clicks the Blocks toolbar's Text button and waits for the new block to take the focus. */
async function addText(frame: Frame): Promise<void> {
  await frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Text', exact: true }).click();
  await waitFor('the new text block to take the focus', async () => (await frame.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === 'Text');
}

const paragraph = (text: string) => ({ type: 'text', content: [{ type: 'paragraph', content: [{ text }] }] });

describe('a new design in each mode, started from nothing', () => {
  const browser = editorBrowser();
  let page: Page;
  beforeEach(() => {
    page = browser.page;
  });

  it.each(MODES)('%s: starts blank in the project mode with its blocks, settings and checks, and its first text saves in the first row', async (mode) => {
    const { testKey } = newProject(mode);
    const userId = `blank-${mode}`;
    await browser.open({ key: testKey, userId });
    expect(await mountEditor(page)).toEqual({ ok: true });
    const frame = await editorFrame(page);

    const toolbar = frame.getByRole('toolbar', { name: 'Blocks' });
    expect(await toolbar.getByRole('button').allInnerTexts()).toEqual(BLOCKS_OF[mode]);
    const setting = SETTING_OF[mode];
    expect(await frame.getByRole(setting.role, { name: setting.name, exact: true }).isVisible()).toBe(true);
    const checks = await checksText(frame);
    if (mode === 'email') expect(checks).toMatch(/unsubscribe/);
    else expect(checks).not.toMatch(/unsubscribe|preheader/i);
    expect(await seriousViolations(frame)).toEqual([]);
    await page.screenshot({ path: `/tmp/blank-${mode}.png` });

    await addText(frame);
    await page.keyboard.type(`First words of a ${mode}`);
    await page.keyboard.press('Control+s');
    const { designId } = await firstSave(page);
    const stored = await call('GET', `/embed/v1/users/${userId}/designs/${designId}`, { bearer: testKey });
    expect(stored.status).toBe(200);
    expect(stored.body.doc.mode).toBe(mode);
    expect(stored.body.doc.body.rows).toEqual([{ columns: [{ blocks: [paragraph(`First words of a ${mode}`)] }] }]);
  }, 120_000);

  it('getDesign() has the text typed just before it, with no wait', async () => {
    const { testKey } = newProject('page');
    await browser.open({ key: testKey, userId: 'quick-reader' });
    expect(await mountEditor(page)).toEqual({ ok: true });
    const frame = await editorFrame(page);
    await addText(frame);
    await page.keyboard.type('Read at once');
    const doc = await page.evaluate(() => (window as any).editor.getDesign());
    expect(doc.body.rows[0].columns[0].blocks).toEqual([paragraph('Read at once')]);
    await page.keyboard.type(', and again');
    const again = await page.evaluate(() => (window as any).editor.getDesign());
    expect(again.body.rows[0].columns[0].blocks).toEqual([paragraph('Read at once, and again')]);
  }, 120_000);
});
