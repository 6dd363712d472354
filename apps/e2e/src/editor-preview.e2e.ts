// The editor's previews and restore points, in real Chromium against the real stack.
import { call, exampleDesign, newProject } from './support/api';
import { editorBrowser, editorFrame, firstSave, mountEditor } from './support/integrator-page';
import { waitFor } from './support/stack';

describe('the editor’s previews', () => {
  const browser = editorBrowser();

  it.each(['email', 'popup'] as const)('shows the renderer’s %s HTML at desktop and phone widths, with the text typed a moment ago', async (mode) => {
    const { testKey } = newProject(mode);
    await browser.open({ key: testKey, userId: `previewer-${mode}` });
    const { page } = browser;
    expect(await mountEditor(page, { template: exampleDesign(mode) })).toEqual({ ok: true });
    const frame = await editorFrame(page);
    await frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Text', exact: true }).click();
    await waitFor('the new text block to take the focus', async () => (await frame.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === 'Text');
    await page.keyboard.type('Seen in the preview');

    for (const [button, width] of [['Desktop preview', 1024], ['Phone preview', 375]] as const) {
      await frame.getByRole('button', { name: button, exact: true }).click();
      const dialog = frame.getByRole('dialog', { name: button });
      const rendered = dialog.locator('iframe');
      await rendered.waitFor();
      expect((await rendered.boundingBox())?.width).toBe(width);
      const inside = dialog.frameLocator('iframe');
      await inside.getByText('Seen in the preview').waitFor();
      expect(await inside.getByText('Seen in the preview').isVisible()).toBe(true);
      // The renderer's page, not the canvas: a document of its own, laid out by its stylesheet.
      expect(await inside.locator('body').evaluate((body) => body.ownerDocument.documentElement.outerHTML)).toMatch(mode === 'email' ? /<table/ : /data-embed-popup/);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
  });
});

describe('the editor’s restore points', () => {
  const browser = editorBrowser();

  it('lists the saved revisions and restores an older one as a new save', async () => {
    const { testKey } = newProject('email');
    await browser.open({ key: testKey, userId: 'restorer' });
    const { page } = browser;
    expect(await mountEditor(page, { template: exampleDesign('email'), name: 'Restorable' })).toEqual({ ok: true });
    const frame = await editorFrame(page);
    const name = frame.getByRole('textbox', { name: 'Subject' });
    await name.fill('First subject');
    await frame.getByRole('button', { name: 'Save', exact: true }).click();
    const { designId } = await firstSave(page);
    await name.fill('Second subject');
    await frame.getByRole('button', { name: 'Save', exact: true }).click();
    const subjectOf = async () => (await call('GET', `/embed/v1/users/restorer/designs/${designId}`, { bearer: testKey })).body;
    await waitFor('revision 1 saved', async () => (await subjectOf()).revision === 1);

    await frame.getByRole('button', { name: 'Restore points', exact: true }).click();
    const dialog = frame.getByRole('dialog', { name: 'Restore points' });
    const older = dialog.getByRole('listitem').filter({ hasText: 'Revision 0' });
    await older.waitFor();
    await older.getByRole('button', { name: /^Restore revision 0/ }).click();

    const restored = await waitFor('the restore saved as revision 2', async () => {
      const design = await subjectOf();
      return design.revision === 2 && design;
    });
    expect(restored.doc.settings.subject).toBe('First subject');
    expect(await name.inputValue()).toBe('First subject');
    // Restoring is an edit like any other: undo brings back what was there before it.
    await frame.getByRole('button', { name: 'Undo', exact: true }).click();
    await waitFor('the subject before the restore', async () => (await name.inputValue()) === 'Second subject');
  });
});
