// @lane shared
// An edit that finishes later joins the undo step that started it: an image dropped on the
// canvas is inserted at once and gets its address when the upload is done; edits made while
// it uploads are undone first, then the image with its address, as the person made them.
import type { Page, Route } from 'playwright-core';
import { exampleDesign, newProject } from './support/api';
import { editorBrowser } from './support/integrator-page';
import { waitFor } from './support/stack';

// A 1×1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const design = (page: Page) => page.evaluate(async () => (window as any).editor.getDesign());
const blockTypes = async (page: Page) => (await design(page)).body.rows[0].columns[0].blocks.map((block: any) => block.type);
const images = async (page: Page) => (await design(page)).body.rows[0].columns[0].blocks.filter((block: any) => block.type === 'image');

describe('an image upload and the undo history', () => {
  const browser = editorBrowser();

  it('puts the upload in the undo step of the dropped image, after the edits made while it uploaded', async () => {
    const { testKey } = newProject('email');
    const { page, frame } = await browser.editor(testKey, 'dropper', { template: exampleDesign('email') });
    const before = await blockTypes(page);

    // The upload is held until the edits meanwhile are made.
    const held: Route[] = [];
    await page.route('**/editor/v1/images', (route) => void held.push(route));
    const column = frame.locator('section.row').first().locator('.column').first();
    const dataTransfer = await frame.evaluateHandle((bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0))], 'logo.png', { type: 'image/png' }));
      return transfer;
    }, PNG);
    await column.dispatchEvent('dragover', { dataTransfer });
    await column.dispatchEvent('drop', { dataTransfer });
    await waitFor('the upload asked for', async () => held.length === 1);
    await waitFor('the image in the design', async () => JSON.stringify(await blockTypes(page)) === JSON.stringify([...before, 'image']));
    const placeholder = (await images(page)).at(-1).src;

    // An edit while it uploads: a divider after the new image.
    await frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Divider', exact: true }).click();
    await waitFor('the divider in the design', async () => JSON.stringify(await blockTypes(page)) === JSON.stringify([...before, 'image', 'divider']));
    await held[0].continue();
    const uploaded = await waitFor('the uploaded address in the image', async () => {
      const src = (await images(page)).at(-1).src;
      return src !== placeholder ? src : false;
    });
    expect(uploaded).toMatch(/^https?:\/\//);

    // Undo takes back the divider first (the image keeps its address), then the image with its upload.
    await page.keyboard.press('Control+z');
    await waitFor('the divider undone', async () => JSON.stringify(await blockTypes(page)) === JSON.stringify([...before, 'image']));
    expect((await images(page)).at(-1).src).toBe(uploaded);
    await page.keyboard.press('Control+z');
    await waitFor('the image undone', async () => JSON.stringify(await blockTypes(page)) === JSON.stringify(before));
    await page.keyboard.press('Control+Shift+z');
    await waitFor('the image redone', async () => JSON.stringify(await blockTypes(page)) === JSON.stringify([...before, 'image']));
    expect((await images(page)).at(-1).src).toBe(uploaded);
  });
});
