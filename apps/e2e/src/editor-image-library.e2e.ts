// @lane shared
// The image library in the editor (issue 32): an image block takes one of the person's
// uploads, one of the project's images or the brand kit's logo from a dialog, and the
// person deletes their own uploads there, warned first while a design still shows one.
// Before it, an image block could only take a new upload or a typed address.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { call, editorSession, exampleDesign, newProject } from './support/api';
import { seriousViolations } from './support/axe';
import { editorBrowser, editorFrame, firstSave, mountEditor } from './support/integrator-page';
import { waitFor } from './support/stack';
import { shotsFolder } from './support/shots';

jest.setTimeout(120_000);

const SHOTS = shotsFolder('image-library');
const LOGO_URL = 'https://cdn.example.com/brand/logo.png';

/** A PNG the browser draws: a coloured block with a word, so that screenshots show which image is which. */
async function drawnPng(page: Page, width: number, height: number, colour: string, word: string): Promise<Buffer> {
  const base64 = await page.evaluate(
    ({ width, height, colour, word }) => {
      const canvas = document.createElement('canvas');
      Object.assign(canvas, { width, height });
      const context = canvas.getContext('2d')!;
      context.fillStyle = colour;
      context.fillRect(0, 0, width, height);
      context.fillStyle = '#ffffff';
      context.font = `bold ${Math.round(height / 3)}px sans-serif`;
      context.fillText(word, 10, height / 2 + height / 8);
      return canvas.toDataURL('image/png').split(',')[1];
    },
    { width, height, colour, word },
  );
  return Buffer.from(base64, 'base64');
}

const design = (page: Page) => page.evaluate(async () => (window as any).editor.getDesign());
const lastImage = (doc: any) => doc.body.rows.flatMap((row: any) => row.columns.flatMap((column: any) => column.blocks)).filter((block: any) => block.type === 'image').at(-1);
const lastImageSrc = async (page: Page) => lastImage(await design(page))?.src;

async function openLibrary(frame: Frame) {
  await frame.getByRole('button', { name: 'Choose from library' }).click();
  const dialog = frame.getByRole('dialog', { name: 'Image library' });
  await dialog.waitFor();
  return dialog;
}

describe('the image library in the editor', () => {
  const browser = editorBrowser();

  it('puts a project image, a person’s upload or the brand logo in an image block, and deletes an upload after a warning', async () => {
    const { testKey } = newProject('email');
    const kit = await call('PUT', '/embed/v1/brand-kit', { bearer: testKey, body: { colors: ['#1f5f4a'], logoUrl: LOGO_URL } });
    expect(kit.status).toBe(200);
    await browser.open({ key: testKey, userId: 'librarian' });
    const { page } = browser;
    const logo = await drawnPng(page, 180, 54, '#1f5f4a', 'Northwind');
    await page.route(LOGO_URL, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: logo }));

    // The project's image, uploaded by the integrator's server, and the person's own upload, used by a saved design.
    const banner = await drawnPng(page, 320, 160, '#b45309', 'Project');
    const shared = await call('POST', '/embed/v1/images', { bearer: testKey, rawBody: banner as unknown as string, headers: { 'content-type': 'image/png' } });
    expect(shared.status).toBe(201);
    const { editor } = await editorSession(testKey, 'librarian');
    const own = await editor('POST', '/images', { rawBody: (await drawnPng(page, 240, 120, '#1d4ed8', 'Mine')) as unknown as string, headers: { 'content-type': 'image/png' } });
    expect(own.status).toBe(201);
    const saleDoc = exampleDesign('email');
    saleDoc.body.rows[0].columns[0].blocks.find((block: { type: string }) => block.type === 'image').src = own.body.url;
    expect((await editor('POST', '/designs', { body: { name: 'Spring sale', doc: saleDoc } })).status).toBe(201);

    expect(await mountEditor(page)).toEqual({ ok: true });
    const frame = await editorFrame(page);
    await frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Image', exact: true }).click();

    let dialog = await openLibrary(frame);
    await dialog.getByRole('button', { name: 'Use project image 1' }).waitFor();
    expect(await dialog.getByRole('list', { name: 'Your images' }).getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')))).toEqual(['Use your image 1', 'Delete your image 1']);
    await dialog.getByRole('button', { name: 'Use the brand logo' }).waitFor();
    await waitFor('the thumbnails loaded', async () => frame.locator('.image-library img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0)));
    expect(await seriousViolations(frame)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'library-1280.png') });

    // Taking the project's image puts its address in the block, at its natural width (narrower than the column).
    await dialog.getByRole('button', { name: 'Use project image 1' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await lastImageSrc(page)).toBe(shared.body.url);
    expect(lastImage(await design(page)).width).toBe(320);

    // The person's own image in this (unsaved) design: deleting it warns, and keeping it keeps it.
    dialog = await openLibrary(frame);
    await dialog.getByRole('button', { name: 'Use your image 1' }).click();
    expect(await lastImageSrc(page)).toBe(own.body.url);
    dialog = await openLibrary(frame);
    await dialog.getByRole('button', { name: 'Delete your image 1' }).click();
    await dialog.getByRole('alert').getByText('This image is still shown by “this design”.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Keep the image' }).click();
    expect(await dialog.getByRole('alert').count()).toBe(0);

    // The brand logo, then a save: what the block shows is what is saved.
    await dialog.getByRole('button', { name: 'Use the brand logo' }).click();
    expect(await lastImageSrc(page)).toBe(LOGO_URL);
    await page.keyboard.press('Control+s');
    // The first save may be an autosave of an earlier step: the design as stored once the asked save is in.
    const { designId } = await firstSave(page);
    const savedImage = await waitFor('the logo saved', async () => {
      const image = lastImage((await call('GET', `/embed/v1/users/librarian/designs/${designId}`, { bearer: testKey })).body.doc);
      return image.src === LOGO_URL && image;
    });
    expect(savedImage.width).toBe(180);

    // Now only the saved "Spring sale" shows the upload: the service's warning names it, and deleting anyway deletes it.
    await page.setViewportSize({ width: 390, height: 844 });
    dialog = await openLibrary(frame);
    await dialog.getByRole('button', { name: 'Delete your image 1' }).click();
    await dialog.getByRole('alert').getByText('This image is still shown by “Spring sale”.', { exact: false }).waitFor();
    expect(await seriousViolations(frame)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'library-in-use-390.png') });
    await dialog.getByRole('button', { name: 'Delete anyway' }).click();
    await dialog.getByText('You have not uploaded any images yet.').waitFor();
    expect((await editor('GET', '/images')).body).toEqual({ images: [], nextCursor: null });
  });
});
