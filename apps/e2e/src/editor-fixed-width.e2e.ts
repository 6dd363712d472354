// @lane shared
// An email of a fixed width (body.style.fixedWidth, issue 31: the HTML import keeps a
// source's frame of a fixed width so), in real Chromium against the real stack: the design
// panel's checkbox keeps the content as wide on a phone as anywhere; the saved document
// says so, and the canvas editing for a phone shows it past the phone's side, as the
// renderer draws it. Pages have no such checkbox. Axe clean; a screenshot.
import path from 'node:path';
import { call, newProject } from './support/api';
import { seriousViolations } from './support/axe';
import { editorBrowser, firstSave } from './support/integrator-page';
import { shotsFolder } from './support/shots';
import { waitFor } from './support/stack';

const CHECKBOX = 'Keep this width on phones';

describe('an email of a fixed width', () => {
  const browser = editorBrowser();

  it('keeps its content width on phones once the design panel says so, in the saved document and on the canvas', async () => {
    const { testKey } = newProject('email');
    const userId = 'fixed-width-designer';
    const { page, frame } = await browser.editor(testKey, userId);
    const content = frame.locator('.content');
    const phone = frame.getByRole('group', { name: 'Editing for' }).getByRole('button', { name: 'Phone', exact: true });
    const contentWidth = () => content.evaluate((element) => Math.round(element.getBoundingClientRect().width));

    const fixed = frame.getByRole('checkbox', { name: CHECKBOX, exact: true });
    expect(await fixed.isChecked()).toBe(false);
    await phone.click();
    const narrowed = await waitFor('the canvas at a phone’s width', async () => ((await contentWidth()) < 600 ? contentWidth() : false));
    await frame.getByRole('group', { name: 'Editing for' }).getByRole('button', { name: 'Desktop', exact: true }).click();

    await fixed.check();
    await frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Text', exact: true }).click();
    await waitFor('the new text block to take the focus', async () => (await frame.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === 'Text');
    await page.keyboard.type('Six hundred pixels everywhere');
    await page.keyboard.press('Control+s');
    const { designId } = await firstSave(page);
    const stored = await call('GET', `/embed/v1/users/${userId}/designs/${designId}`, { bearer: testKey });
    expect(stored.body.doc.body.style).toMatchObject({ fixedWidth: true });

    await phone.click();
    await waitFor('the canvas of a fixed width on a phone', async () => (await contentWidth()) === 600);
    expect(narrowed).toBeLessThan(600);
    expect(await seriousViolations(frame)).toEqual([]);
    await page.screenshot({ path: path.join(shotsFolder('fixed-width'), 'fixed-width-phone.png') });
  }, 120_000);

  it('is not offered in a page, whose renderer narrows to the screen', async () => {
    const { testKey } = newProject('page');
    const { frame } = await browser.editor(testKey, 'page-designer');
    await frame.getByRole('spinbutton', { name: 'Content width', exact: true }).waitFor();
    expect(await frame.getByRole('checkbox', { name: CHECKBOX }).count()).toBe(0);
  }, 120_000);
});
