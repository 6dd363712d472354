// @lane shared
// The editor for keyboard and screen-reader users (contracts §7): axe-core finds no serious
// or critical violation with each panel and dialog open, and the edit-and-save flow runs
// with the keyboard alone.
import { call, exampleDesign, newProject } from './support/api';
import { seriousViolations } from './support/axe';
import { editorCatalogues } from './support/editor-words';
import { editorBrowser, firstSave } from './support/integrator-page';
import { waitFor } from './support/stack';
import { focused, pressUntil } from './support/keyboard-focus';


describe('the editor’s accessibility', () => {
  const browser = editorBrowser();

  it.each(['email', 'page'] as const)('has no serious or critical axe violation in a %s design, with each panel and dialog open', async (mode) => {
    const { testKey } = newProject(mode);
    const { page, frame } = await browser.editor(testKey, `axe-${mode}`, { template: exampleDesign(mode) });
    const found: Record<string, string[]> = { design: await seriousViolations(frame) };

    const blocks = frame.locator('[aria-roledescription="block"]');
    const types = new Set<string>();
    for (let i = 0; i < (await blocks.count()); i++) {
      const label = (await blocks.nth(i).getAttribute('aria-label')) ?? '';
      const type = label.split(' block')[0];
      if (types.has(type)) continue;
      types.add(type);
      await blocks.nth(i).focus();
      found[`${type} block`] = await seriousViolations(frame);
    }
    await frame.getByRole('button', { name: 'Row 1', exact: true }).click();
    found['row'] = await seriousViolations(frame);
    for (const dialog of ['Desktop preview', 'Restore points']) {
      await frame.getByRole('button', { name: dialog, exact: true }).click();
      await frame.getByRole('dialog', { name: dialog }).waitFor();
      found[dialog] = await seriousViolations(frame);
      await page.keyboard.press('Escape');
    }
    await frame.getByRole('button', { name: 'Merge tag' }).click();
    found['merge tag menu'] = await seriousViolations(frame);
    await page.keyboard.press('Escape');
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((panel) => [panel, []])));
  }, 300_000);

  it.each(['en', 'fr'] as const)('has no serious or critical axe violation in %s with findings in the checks panel, the dark preview and the export dialog open', async (locale) => {
    const words = editorCatalogues()[locale];
    const { testKey } = newProject('email');
    const template = exampleDesign('email');
    template.body.rows[1].columns[0].blocks[0].alt = '';
    const { page, frame } = await browser.editor(testKey, `axe-checks-${locale}`, { template, locale });
    const finding = frame.locator('.checks [data-check="image-alt"]');
    await finding.waitFor();
    const found: Record<string, string[]> = { 'checks panel': await seriousViolations(frame) };
    await finding.click();
    found['finding selected'] = await seriousViolations(frame);
    for (const key of ['preview.dark', 'export.title']) {
      await frame.getByRole('button', { name: words[key], exact: true }).click();
      const dialog = frame.getByRole('dialog', { name: words[key] });
      if (key === 'preview.dark') await dialog.locator('iframe').waitFor();
      else {
        await dialog.getByRole('button', { name: words['export.format.html'], exact: true }).click();
        await dialog.getByRole('link').waitFor();
      }
      found[key] = await seriousViolations(frame);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((panel) => [panel, []])));
  }, 300_000);

  it('adds a text block, types a bold word and a merge tag, and saves, with the keyboard alone', async () => {
    const { testKey } = newProject('email');
    const template = exampleDesign('email');
    const { page, frame } = await browser.editor(testKey, 'keyboard-only', { template, name: 'Typed' });

    // From the host page into the editor, then along its controls to the Blocks toolbar.
    await page.keyboard.press('Tab');
    await pressUntil(page, frame, 'Tab', 'button:Text');
    await page.keyboard.press('Enter');
    await waitFor('the new text block to take the focus', async () => (await focused(frame)) === 'textbox:Text');
    await page.keyboard.type('Hello ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('bold');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' ');
    // Alt+F10 reaches the formatting toolbar; its merge tag menu puts the tag where the caret was.
    await page.keyboard.press('Alt+F10');
    await pressUntil(page, frame, 'ArrowRight', 'button:Merge tag');
    await page.keyboard.press('Enter');
    await waitFor('the menu’s first item to have the focus', async () => (await focused(frame)).startsWith('menuitem:First name'));
    await page.keyboard.press('Enter');
    await waitFor('the focus back in the text', async () => (await focused(frame)) === 'textbox:Text');
    await page.keyboard.type('!');
    await page.keyboard.press('Control+s');

    const { designId } = await firstSave(page);
    const stored = await waitFor('the sentence saved', async () => {
      const answer = await call('GET', `/embed/v1/users/keyboard-only/designs/${designId}`, { bearer: testKey });
      return JSON.stringify(answer.body.doc.body.rows.at(-1)).includes('!') && answer.body;
    });
    expect(stored.doc.body.rows.at(-1).columns[0].blocks).toEqual([
      { type: 'text', content: [{ type: 'paragraph', content: [{ text: 'Hello ' }, { text: 'bold', bold: true }, { text: ' {{contact.first_name}}!' }] }] },
    ]);
  });
});
