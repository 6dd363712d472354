// @lane shared
// The project's brand kit in the editor (issue 32): colour fields offer its palette first
// (only it with `paletteOnly`), font fields its font stacks, and a new blank design takes
// its text and link styles. Before it, the editor offered a free colour and font only, and
// a blank design had no style of its own, and no check knew of a brand.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Frame } from 'playwright-core';
import { call, newProject } from './support/api';
import { seriousViolations } from './support/axe';
import { editorBrowser, firstSave } from './support/integrator-page';
import { shotsFolder } from './support/shots';

jest.setTimeout(120_000);

const SHOTS = shotsFolder('brand-kit');
const INTER = { stack: 'Inter, Helvetica, Arial, sans-serif', url: 'https://fonts.googleapis.com/css2?family=Inter:wght@400;700&display=swap' };
const KIT = {
  colors: ['#1f5f4a', '#f3f1ec', '#2b2b2b'],
  fonts: [INTER, { stack: 'Georgia, serif' }],
  text: { fontFamily: INTER.stack, color: '#2b2b2b' },
  link: { color: '#1f5f4a' },
};

async function projectWithKit(kit: object) {
  const project = newProject('email');
  const answer = await call('PUT', '/embed/v1/brand-kit', { bearer: project.testKey, body: kit });
  if (answer.status !== 200) throw new Error(`brand kit: ${answer.status} ${answer.text}`);
  return project;
}

const designPanel = (frame: Frame) => frame.getByRole('region', { name: 'Design properties' });
const swatchNames = (frame: Frame, field: string) =>
  designPanel(frame)
    .getByRole('group', { name: `Brand colours for ${field}` })
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? button.textContent));

describe('the brand kit in the editor', () => {
  const browser = editorBrowser();

  it('offers the palette first in colour fields and the fonts in font fields, and a blank design starts in the brand', async () => {
    const { testKey } = await projectWithKit(KIT);
    const { page, frame } = await browser.editor(testKey, 'brand');
    const panel = designPanel(frame);

    // The blank design took the kit's text and link styles.
    expect(await panel.getByRole('combobox', { name: 'Font family' }).inputValue()).toBe(INTER.stack);
    expect(await panel.getByRole('textbox', { name: 'Text colour', exact: true }).inputValue()).toBe('#2b2b2b');
    expect(await panel.getByRole('textbox', { name: 'Link colour', exact: true }).inputValue()).toBe('#1f5f4a');
    // The palette beside each colour field, with the free choice still there.
    expect(await swatchNames(frame, 'Background colour')).toEqual(['Brand colour #1f5f4a', 'Brand colour #f3f1ec', 'Brand colour #2b2b2b', 'Default']);
    // The font field suggests the kit's stacks.
    const suggested = await panel.getByRole('combobox', { name: 'Font family' }).evaluate((input) => [...((input as HTMLInputElement).list?.options ?? [])].map((option) => option.value));
    expect(suggested).toEqual([INTER.stack, 'Georgia, serif']);

    await panel.getByRole('group', { name: 'Brand colours for Background colour' }).getByRole('button', { name: 'Brand colour #f3f1ec' }).click();
    expect(await panel.getByRole('textbox', { name: 'Background colour', exact: true }).inputValue()).toBe('#f3f1ec');
    expect(await panel.getByRole('group', { name: 'Brand colours for Background colour' }).getByRole('button', { name: 'Brand colour #f3f1ec' }).getAttribute('aria-pressed')).toBe('true');
    // A colour outside the palette is found by the design checks.
    await panel.getByRole('textbox', { name: 'Content background colour', exact: true }).fill('#fefce8');
    await frame.getByText('Colour #fefce8 in the design is not one of the brand kit’s colours.').waitFor();
    expect(await seriousViolations(frame)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'brand-palette.png') });

    // What the panel shows is what is saved.
    await page.keyboard.press('Control+s');
    const { designId } = await firstSave(page);
    const saved = await call('GET', `/embed/v1/users/brand/designs/${designId}`, { bearer: testKey });
    expect(saved.body.doc.body.style).toEqual({ fontFamily: INTER.stack, color: '#2b2b2b', linkColor: '#1f5f4a', backgroundColor: '#f3f1ec', contentBackgroundColor: '#fefce8' });
    expect(saved.body.doc.body.fonts).toEqual([{ family: 'Inter', url: INTER.url }]);
  });

  it('with paletteOnly, a colour field offers only the palette: no free text nor picker', async () => {
    const { testKey } = await projectWithKit({ colors: ['#1f5f4a', '#ffffff'], paletteOnly: true });
    const { page, frame } = await browser.editor(testKey, 'strict');
    const panel = designPanel(frame);
    expect(await swatchNames(frame, 'Background colour')).toEqual(['Brand colour #1f5f4a', 'Brand colour #ffffff', 'Default']);
    expect(await panel.getByRole('textbox', { name: 'Background colour', exact: true }).count()).toBe(0);
    expect(await panel.getByLabel('Background colour picker').count()).toBe(0);
    await panel.getByRole('group', { name: 'Brand colours for Link colour' }).getByRole('button', { name: 'Brand colour #1f5f4a' }).click();
    expect(await panel.getByRole('group', { name: 'Brand colours for Link colour' }).getByRole('button', { name: 'Brand colour #1f5f4a' }).getAttribute('aria-pressed')).toBe('true');
    expect(await seriousViolations(frame)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'brand-palette-only.png') });

    await page.keyboard.press('Control+s');
    const { designId } = await firstSave(page);
    const saved = await call('GET', `/embed/v1/users/strict/designs/${designId}`, { bearer: testKey });
    expect(saved.body.doc.body.style).toEqual({ linkColor: '#1f5f4a' });
  });
});
