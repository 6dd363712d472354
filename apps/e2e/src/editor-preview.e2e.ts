// @lane shared
// The editor's previews and restore points, in real Chromium against the real stack.
import { call, editorSession, exampleDesign, newProject } from './support/api';
import { editorBrowser, editorFrame, firstSave, mountEditor } from './support/integrator-page';
import { waitFor } from './support/stack';

describe('the editor’s previews', () => {
  const browser = editorBrowser();

  it.each(['email', 'popup'] as const)('shows the renderer’s %s HTML at desktop and phone widths, with the text typed a moment ago', async (mode) => {
    const { testKey } = newProject(mode);
    const { page, frame } = await browser.editor(testKey, `previewer-${mode}`, { template: exampleDesign(mode) });
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
    const { page, frame } = await browser.editor(testKey, 'restorer', { template: exampleDesign('email'), name: 'Restorable' });
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

  it('lists them a page at a time without documents, and reads a document only to restore it', async () => {
    const { testKey } = newProject('email');
    const { editor } = await editorSession(testKey, 'pager');
    const withSubject = (subject: string) => ({ ...exampleDesign('email'), settings: { ...exampleDesign('email').settings, subject } });
    const { body: design } = await editor('POST', '/designs', { body: { name: 'Paged', doc: withSubject('Subject 0') } });
    for (let save = 1; save <= 54; save++) await editor('PUT', `/designs/${design.id}`, { body: { doc: withSubject(`Subject ${save}`) } });

    await browser.open({ key: testKey, userId: 'pager' });
    const { page } = browser;
    // Each call is noted when it is answered, in order; its body is read later.
    const revisionCalls: { path: string; body: Promise<string> }[] = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path.includes('/revisions')) revisionCalls.push({ path, body: response.text() });
    });
    expect(await mountEditor(page, { designId: design.id })).toEqual({ ok: true });
    const frame = await editorFrame(page);
    await frame.getByRole('button', { name: 'Restore points', exact: true }).click();
    const dialog = frame.getByRole('dialog', { name: 'Restore points' });
    await dialog.getByRole('listitem').filter({ hasText: 'Revision 54' }).waitFor();
    expect(await dialog.getByRole('listitem').count()).toBe(50);
    await dialog.getByRole('button', { name: 'Show older restore points' }).click();
    const oldest = dialog.getByRole('listitem').filter({ hasText: 'Revision 3,' });
    await oldest.waitFor();
    expect(await dialog.getByRole('listitem').count()).toBe(55);
    await waitFor('both pages answered', async () => revisionCalls.length === 2);
    expect(await Promise.all(revisionCalls.map(async ({ path, body }) => ({ path, documents: (await body).includes('"doc"') })))).toEqual([
      { path: `/editor/v1/designs/${design.id}/revisions`, documents: false },
      { path: `/editor/v1/designs/${design.id}/revisions`, documents: false },
    ]);

    await oldest.getByRole('button', { name: 'Restore revision 3' }).click();
    const restored = await waitFor('the restore saved as revision 55', async () => {
      const stored = (await call('GET', `/embed/v1/users/pager/designs/${design.id}`, { bearer: testKey })).body;
      return stored.revision === 55 && stored;
    });
    expect(restored.doc.settings.subject).toBe('Subject 3');
    // The one document read: the restore point restored.
    const pointsRead = () => revisionCalls.map(({ path }) => path).filter((path) => /\/revisions\/\d+$/.test(path));
    await waitFor('the restore point read', async () => pointsRead().length > 0);
    expect(pointsRead()).toEqual([`/editor/v1/designs/${design.id}/revisions/3`]);
  });
});
