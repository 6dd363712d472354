// @lane shared
// The brand kit's fonts in every font field and every way a font comes in (issue 32): a
// button dragged in with the kit's button font has that web font listed in the body, as a
// button added by a click has; every font field offers the kit's stacks first, and with the
// kit's `fontsOnly` only them, the web font of a stack picked there listed too. Before it, a
// dragged button's web font was never listed (the canvas and renders did not load it), and
// a font field was always free text.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { call, exampleDesign, newProject } from './support/api';
import { seriousViolations } from './support/axe';
import { editorBrowser } from './support/integrator-page';
import { waitFor } from './support/stack';
import { shotsFolder } from './support/shots';

jest.setTimeout(120_000);

const SHOTS = shotsFolder('brand-fonts');
const LORA = { stack: 'Lora, Georgia, serif', url: 'https://fonts.googleapis.com/css2?family=Lora:wght@400;700&display=swap' };
const MERRIWEATHER = { stack: 'Merriweather, Georgia, serif', url: 'https://fonts.googleapis.com/css2?family=Merriweather:wght@400;700&display=swap' };
const SAFE = { stack: "'Times New Roman', Times, serif" };
const BUTTON = { buttonColor: '#1f5f4a', color: '#ffffff', fontFamily: LORA.stack };

const design = (page: Page) => page.evaluate(async () => (window as any).editor.getDesign());
const blocks = (doc: any) => doc.body.rows.flatMap((row: any) => row.columns.flatMap((column: any) => column.blocks));
const webFont = (font: { stack: string; url: string }) => ({ family: font.stack.split(',')[0], url: font.url });

async function projectWithKit(kit: object) {
  const project = newProject('email');
  const answer = await call('PUT', '/embed/v1/brand-kit', { bearer: project.testKey, body: kit });
  if (answer.status !== 200) throw new Error(`brand kit: ${answer.status} ${answer.text}`);
  return project;
}

async function centre(target: Locator): Promise<{ x: number; y: number }> {
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = await target.boundingBox();
  if (!box) throw new Error('not shown');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

describe('the brand kit’s fonts', () => {
  const browser = editorBrowser();

  it('lists a dragged-in button’s kit font, and with fontsOnly every font field offers only the kit’s fonts', async () => {
    const { testKey } = await projectWithKit({ colors: ['#1f5f4a'], fonts: [LORA, MERRIWEATHER, SAFE], button: BUTTON, fontsOnly: true });
    // A design that did not start blank (a blank one lists the kit's fonts from the start), listing no web font.
    const email = exampleDesign('email');
    const { fonts: _fonts, ...body } = email.body;
    const { page, frame } = await browser.editor(testKey, 'font-user', { template: { ...email, body } });
    expect((await design(page)).body.fonts).toBeUndefined();

    // A button dragged by the pointer onto the canvas's first row, as a designer drags it.
    const from = await centre(frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Button', exact: true }));
    const to = await centre(frame.locator('[data-row="0"]'));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 8, from.y + 8, { steps: 3 });
    await page.mouse.move(to.x, to.y, { steps: 12 });
    await page.mouse.up();
    await waitFor('the dragged button', async () => blocks(await design(page)).some((block: any) => block.type === 'button'));
    const doc = await design(page);
    expect(blocks(doc).find((block: any) => block.type === 'button').style).toMatchObject(BUTTON);
    expect(doc.body.fonts).toEqual([webFont(LORA)]);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'dragged-button-1280.png') });

    // The button's font field: the kit's stacks alone (and the default), no free text.
    const panel = frame.getByRole('region', { name: 'Button properties' });
    await waitFor('the button selected', async () => (await panel.count()) === 1);
    const font = panel.getByRole('combobox', { name: 'Font family' });
    expect(await font.locator('option').allTextContents()).toEqual(['Default', LORA.stack, MERRIWEATHER.stack, SAFE.stack]);
    expect(await font.inputValue()).toBe(LORA.stack);
    expect(await panel.getByRole('textbox', { name: 'Font family' }).count()).toBe(0);
    await font.selectOption({ label: MERRIWEATHER.stack });
    await waitFor('Merriweather listed', async () => JSON.stringify((await design(page)).body.fonts) === JSON.stringify([webFont(LORA), webFont(MERRIWEATHER)]));
    expect(blocks(await design(page)).find((block: any) => block.type === 'button').style.fontFamily).toBe(MERRIWEATHER.stack);

    expect(await seriousViolations(frame)).toEqual([]);
    await font.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: path.join(SHOTS, 'fonts-only-1280.png') });

    // What the editor shows is what is saved.
    const { designId } = await page.evaluate(() => (window as any).editor.save());
    const saved = (await call('GET', `/embed/v1/users/font-user/designs/${designId}`, { bearer: testKey })).body.doc;
    expect(saved.body.fonts).toEqual([webFont(LORA), webFont(MERRIWEATHER)]);
    expect(blocks(saved).find((block: any) => block.type === 'button').style.fontFamily).toBe(MERRIWEATHER.stack);
  });

  it('without fontsOnly, a font field is free text with the kit’s stacks as its suggestions, in the kit’s order', async () => {
    const { testKey } = await projectWithKit({ colors: [], fonts: [MERRIWEATHER, LORA] });
    const { page, frame } = await browser.editor(testKey, 'font-user-2');
    await frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Button', exact: true }).click();
    const panel = frame.getByRole('region', { name: 'Button properties' });
    const font = panel.getByRole('combobox', { name: 'Font family' });
    expect(await font.evaluate((input: HTMLInputElement) => [input.type, ...Array.from(input.list?.options ?? []).map((option) => option.value)])).toEqual(['text', MERRIWEATHER.stack, LORA.stack]);
    await font.fill(LORA.stack);
    await waitFor('Lora listed', async () => JSON.stringify((await design(page)).body.fonts) === JSON.stringify([webFont(LORA)]));
    expect(await seriousViolations(frame)).toEqual([]);
  });
});
