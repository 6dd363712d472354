// @lane shared
// Editing for phones, in real Chromium against the real stack: the Desktop/Phone switch
// shows the canvas as each screen lays the design out; on Phone, a change goes to the
// block's phone override (the saved document shows it beside the desktop value), the panel
// names the overridden value and resets it; undo takes each step back.
import path from 'node:path';
import type { Frame } from 'playwright-core';
import { call, exampleDesign, newProject } from './support/api';
import { seriousViolations } from './support/axe';
import { editorBrowser, firstSave } from './support/integrator-page';
import { waitFor } from './support/stack';

const HEADING = 'Heading block, row 2, column 1, position 2';

const headlineSize = (frame: Frame) => frame.getByRole('group', { name: HEADING }).getByRole('textbox', { name: 'Heading 1' }).evaluate((element) => getComputedStyle(element).fontSize);
const contentWidth = (frame: Frame) => frame.locator('.canvas .content').evaluate((element) => element.getBoundingClientRect().width);

describe('editing for phones', () => {
  const browser = editorBrowser();

  it('switches the canvas between Desktop and Phone, puts Phone changes in the overrides and resets them one by one', async () => {
    const { testKey } = newProject('email');
    const userId = 'phone-editor';
    const template = exampleDesign('email');
    const desktopSize = template.body.rows[1].columns[0].blocks[1].style.fontSize;
    const { page, frame } = await browser.editor(testKey, userId, { template, name: 'Phones' });
    const devices = frame.getByRole('group', { name: 'Editing for' });
    const desktop = devices.getByRole('button', { name: 'Desktop', exact: true });
    const phone = devices.getByRole('button', { name: 'Phone', exact: true });
    expect(await desktop.getAttribute('aria-pressed')).toBe('true');
    expect(await contentWidth(frame)).toBeGreaterThan(500);

    await phone.click();
    expect(await phone.getAttribute('aria-pressed')).toBe('true');
    expect(await contentWidth(frame)).toBeLessThanOrEqual(375);
    await frame.getByRole('group', { name: HEADING }).click();
    const layout = frame.getByRole('group', { name: 'Phone layout' });
    const size = layout.getByRole('spinbutton', { name: 'Font size', exact: true });
    expect(await size.inputValue()).toBe(String(desktopSize));
    await size.fill('22');
    const overridden = layout.getByRole('spinbutton', { name: 'Font size (phone override)', exact: true });
    await overridden.waitFor();
    expect(await headlineSize(frame)).toBe('22px');
    expect(await seriousViolations(frame)).toEqual([]);
    await page.screenshot({ path: path.join(process.env.E2E_SHOTS ?? '/tmp', 'editor-phone.png') });

    await frame.getByRole('button', { name: 'Save', exact: true }).click();
    const { designId } = await firstSave(page);
    const saved = async () => (await call('GET', `/embed/v1/users/${userId}/designs/${designId}`, { bearer: testKey })).body.doc.body.rows[1].columns[0].blocks[1];
    const heading = await saved();
    expect(heading.phone).toEqual({ fontSize: 22 });
    expect(heading.style.fontSize).toBe(desktopSize);

    await desktop.click();
    expect(await headlineSize(frame)).toBe(`${desktopSize}px`);
    expect(await frame.getByRole('spinbutton', { name: 'Font size', exact: true }).inputValue()).toBe(String(desktopSize));
    expect(await frame.getByRole('group', { name: 'Phone layout' }).count()).toBe(0);
    expect(await seriousViolations(frame)).toEqual([]);
    await page.screenshot({ path: path.join(process.env.E2E_SHOTS ?? '/tmp', 'editor-desktop.png') });

    await phone.click();
    await layout.getByRole('button', { name: 'Reset Font size to the desktop value' }).click();
    await layout.getByRole('spinbutton', { name: 'Font size', exact: true }).waitFor();
    expect(await layout.getByRole('spinbutton', { name: 'Font size', exact: true }).inputValue()).toBe(String(desktopSize));
    expect(await headlineSize(frame)).toBe(`${desktopSize}px`);
    await frame.getByRole('button', { name: 'Undo', exact: true }).click();
    expect(await headlineSize(frame)).toBe('22px');
    await frame.getByRole('button', { name: 'Redo', exact: true }).click();
    await frame.getByRole('button', { name: 'Save', exact: true }).click();
    await waitFor('the reset saved', async () => !('phone' in (await saved())));
  }, 180_000);
});
