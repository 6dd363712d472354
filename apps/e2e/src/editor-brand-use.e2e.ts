// @lane shared
// The brand kit where the design is made (issue 32): a new button takes the kit's button
// style and its web font is listed in the body, and the text toolbar's colour offers the
// palette (only it with paletteOnly). Before it, a new button had no style of its own, a kit
// font picked in a design not started blank was never loaded, and the text colour was free.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { call, exampleDesign, newProject } from './support/api';
import { seriousViolations } from './support/axe';
import { editorBrowser, firstSave } from './support/integrator-page';
import { waitFor } from './support/stack';
import { shotsFolder } from './support/shots';

jest.setTimeout(120_000);

const SHOTS = shotsFolder('brand-use');
const LORA = { stack: 'Lora, Georgia, serif', url: 'https://fonts.googleapis.com/css2?family=Lora:wght@400;700&display=swap' };
const BUTTON = { buttonColor: '#1f5f4a', color: '#ffffff', borderRadius: 6, innerPadding: '12px 24px', fontFamily: LORA.stack, fontWeight: 700 as const };

const formatting = (frame: Frame) => frame.getByRole('toolbar', { name: 'Text formatting' });
const design = (page: Page) => page.evaluate(async () => (window as any).editor.getDesign());
const blocks = (doc: any) => doc.body.rows.flatMap((row: any) => row.columns.flatMap((column: any) => column.blocks));

async function projectWithKit(kit: object) {
  const project = newProject('email');
  const answer = await call('PUT', '/embed/v1/brand-kit', { bearer: project.testKey, body: kit });
  if (answer.status !== 200) throw new Error(`brand kit: ${answer.status} ${answer.text}`);
  return project;
}

describe('the brand kit where the design is made', () => {
  const browser = editorBrowser();

  it('gives a new button the kit’s style with its web font, and colours text from the palette only', async () => {
    const { testKey } = await projectWithKit({ colors: ['#1f5f4a', '#c2410c'], fonts: [LORA], button: BUTTON, paletteOnly: true });
    // A design that did not start blank: it lists no web font of the kit.
    const { page, frame } = await browser.editor(testKey, 'brand-user', { template: exampleDesign('email') });
    expect((await design(page)).body.fonts ?? []).not.toContainEqual({ family: 'Lora', url: LORA.url });

    await frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Button', exact: true }).click();
    await waitFor('the new button', async () => blocks(await design(page)).some((block: any) => block.type === 'button' && block.text === 'Button'));
    const added = blocks(await design(page)).find((block: any) => block.type === 'button' && block.text === 'Button');
    expect(added.style).toEqual(BUTTON);
    expect((await design(page)).body.fonts).toContainEqual({ family: 'Lora', url: LORA.url });

    // The text toolbar offers the palette, and with paletteOnly no free colour.
    await frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Text', exact: true }).click();
    await waitFor('the focus in the new block', async () => (await frame.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === 'Text');
    await page.keyboard.type('Autumn sale');
    await page.keyboard.down('Shift');
    for (let i = 0; i < 'sale'.length; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.up('Shift');
    expect(await formatting(frame).getByLabel('Text colour', { exact: true }).count()).toBe(0);
    await formatting(frame).getByRole('button', { name: 'Brand colour #c2410c for text' }).click();
    await waitFor('the coloured run', async () => {
      const text = blocks(await design(page)).find((block: any) => block.type === 'text' && JSON.stringify(block.content).includes('Autumn'));
      return JSON.stringify(text.content) === JSON.stringify([{ type: 'paragraph', content: [{ text: 'Autumn ' }, { text: 'sale', color: '#c2410c' }] }]);
    });
    expect(await seriousViolations(frame)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'brand-button-text-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(SHOTS, 'brand-button-text-390.png') });

    // What the editor shows is what is saved.
    await page.keyboard.press('Control+s');
    // The first save may be an autosave of an earlier step: the design as stored once the asked save is in.
    const { designId } = await firstSave(page);
    const saved = await waitFor('the coloured text saved', async () => {
      const doc = (await call('GET', `/embed/v1/users/brand-user/designs/${designId}`, { bearer: testKey })).body.doc;
      return JSON.stringify(doc).includes('"color":"#c2410c"') && doc;
    });
    expect(blocks(saved).find((block: any) => block.type === 'button' && block.text === 'Button').style).toEqual(BUTTON);
    expect(saved.body.fonts).toContainEqual({ family: 'Lora', url: LORA.url });
  });
});
