// @lane shared
// On Desktop, the property panel says which values phones show differently, in real
// Chromium against the real stack: under a field a phone override replaces, its value
// ("Phone: 22 px", which also describes the field), a button that edits it on Phone and one
// that resets it (the saved document loses the override; undo brings it back); fields
// without an override say nothing. Axe clean; screenshots at 1280 and 390 px.
import path from 'node:path';
import type { Frame, Locator } from 'playwright-core';
import { call, exampleDesign, newProject } from './support/api';
import { seriousViolations } from './support/axe';
import { editorBrowser, editorFrame, firstSave, mountEditor } from './support/integrator-page';
import { shotsFolder } from './support/shots';
import { waitFor } from './support/stack';

const HEADING = 'Heading block, row 2, column 1, position 2';
const BUTTON = 'Button block, row 2, column 1, position 4';

/** The words that describe a control (aria-describedby), as a screen reader reads them after its name. */
const description = (control: Locator) =>
  control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

describe('phone overrides seen on Desktop', () => {
  const browser = editorBrowser();

  it('names each value a phone overrides beside its desktop field, edits it on Phone and resets it', async () => {
    const { testKey } = newProject('email');
    const userId = 'desktop-designer';
    await browser.open({ key: testKey, userId });
    const { page } = browser;
    const template = exampleDesign('email');
    const desktopSize = template.body.rows[1].columns[0].blocks[1].style.fontSize;
    expect(await mountEditor(page, { template, name: 'Phone hints' })).toEqual({ ok: true });
    const frame: Frame = await editorFrame(page);
    const devices = frame.getByRole('group', { name: 'Editing for' });
    const phone = devices.getByRole('button', { name: 'Phone', exact: true });
    const desktop = devices.getByRole('button', { name: 'Desktop', exact: true });
    const panel = frame.getByRole('complementary', { name: 'Properties' });

    // The example's button is full width with its own padding on phones.
    await frame.getByRole('group', { name: BUTTON }).click();
    const padding = panel.getByRole('textbox', { name: 'Padding', exact: true });
    expect(await padding.inputValue()).toBe('16px 32px 32px 32px');
    expect(await description(padding)).toBe('Phone: 16px 24px 24px 24px');
    expect(await description(panel.getByRole('checkbox', { name: 'Full width', exact: true }))).toBe('Phone: on');
    expect(await panel.getByRole('button', { name: 'Edit on Phone: Padding' }).count()).toBe(1);
    expect(await description(panel.getByRole('textbox', { name: 'Inner padding', exact: true }))).toBe('');

    // A heading with no override says nothing; given one on Phone, Desktop names it.
    await frame.getByRole('group', { name: HEADING }).click();
    expect(await panel.locator('.phone-hint').count()).toBe(0);
    await phone.click();
    await frame.getByRole('group', { name: 'Phone layout' }).getByRole('spinbutton', { name: 'Font size', exact: true }).fill('22');
    await desktop.click();
    const size = panel.getByRole('spinbutton', { name: 'Font size', exact: true });
    expect(await size.inputValue()).toBe(String(desktopSize));
    await waitFor('the hint', async () => (await description(size)) === 'Phone: 22 px');
    expect(await seriousViolations(frame)).toEqual([]);
    const showHint = () => panel.locator('.phone-hint').evaluate((hint) => hint.scrollIntoView({ block: 'end' }));
    await showHint();
    await page.screenshot({ path: path.join(shotsFolder('phone-hints'), 'desktop-hint-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await showHint();
    expect(await seriousViolations(frame)).toEqual([]);
    await page.screenshot({ path: path.join(shotsFolder('phone-hints'), 'desktop-hint-390.png') });
    await page.setViewportSize({ width: 1280, height: 900 });

    // "Edit on Phone" switches to Phone, where the override is the field.
    await panel.getByRole('button', { name: 'Edit on Phone: Font size' }).click();
    expect(await phone.getAttribute('aria-pressed')).toBe('true');
    expect(await frame.getByRole('group', { name: 'Phone layout' }).getByRole('spinbutton', { name: 'Font size (phone override)' }).inputValue()).toBe('22');

    await desktop.click();
    await frame.getByRole('button', { name: 'Save', exact: true }).click();
    const { designId } = await firstSave(page);
    const saved = async () => (await call('GET', `/embed/v1/users/${userId}/designs/${designId}`, { bearer: testKey })).body.doc.body.rows[1].columns[0].blocks[1];
    expect((await saved()).phone).toEqual({ fontSize: 22 });

    // Reset on Desktop: phones show the desktop size again, and undo brings the override back.
    await panel.getByRole('button', { name: 'Reset Font size on phones to this value' }).click();
    await waitFor('the hint gone', async () => (await panel.locator('.phone-hint').count()) === 0);
    expect(await description(size)).toBe('');
    await frame.getByRole('button', { name: 'Save', exact: true }).click();
    await waitFor('the reset saved', async () => !('phone' in (await saved())));
    await frame.getByRole('button', { name: 'Undo', exact: true }).click();
    await waitFor('the hint back', async () => (await description(size)) === 'Phone: 22 px');
  }, 180_000);
});
