// @lane shared
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
/** Settings the panel shows for each mode, by role and name, with the blank design's values. */
const SETTINGS_OF: Record<Mode, { role: 'textbox' | 'combobox' | 'spinbutton'; name: string; value: string }[]> = {
  email: [{ role: 'textbox', name: 'Subject', value: 'Untitled' }],
  page: [{ role: 'textbox', name: 'Page title', value: 'Untitled' }],
  popup: [
    { role: 'combobox', name: 'Opens', value: 'delay' },
    { role: 'spinbutton', name: 'Delay (seconds)', value: '5' },
  ],
  document: [
    { role: 'combobox', name: 'Page size', value: 'A4' },
    { role: 'spinbutton', name: 'Top margin (mm)', value: '20' },
  ],
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
    for (const setting of SETTINGS_OF[mode]) expect(await frame.getByRole(setting.role, { name: setting.name, exact: true }).inputValue()).toBe(setting.value);
    if (mode === 'popup') expect(await frame.getByRole('checkbox', { name: 'Dim the page behind it' }).isChecked()).toBe(true);
    const checks = await checksText(frame);
    if (mode === 'email') expect(checks).toMatch(/unsubscribe/);
    else expect(checks).not.toMatch(/unsubscribe|preheader/i);
    expect(await seriousViolations(frame)).toEqual([]);
    await page.screenshot({ path: `/tmp/blank-${mode}.png` });

    // A setting the blank design's panel takes, before the first block (whose properties the panel then shows).
    if (mode === 'document') await frame.getByRole('spinbutton', { name: 'Top margin (mm)', exact: true }).fill('25');
    await addText(frame);
    await page.keyboard.type(`First words of a ${mode}`);
    await page.keyboard.press('Control+s');
    const { designId } = await firstSave(page);
    const stored = await call('GET', `/embed/v1/users/${userId}/designs/${designId}`, { bearer: testKey });
    expect(stored.status).toBe(200);
    expect(stored.body.doc.mode).toBe(mode);
    if (mode === 'document') expect(stored.body.doc.settings.margins).toEqual({ top: 25, right: 20, bottom: 20, left: 20 });
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
