// @lane shared
// Editing a design in several languages, in real Chromium against the real stack: adding
// a language copies the default's texts, editing in it changes only its texts (the saved
// document shows it after each step), Checks lists texts not yet translated, a language
// written right to left is edited right to left, and the interface keeps mount's locale.
import path from 'node:path';
import type { Frame } from 'playwright-core';
import { call, exampleDesign, newProject } from './support/api';
import { seriousViolations } from './support/axe';
import { editorBrowser, firstSave } from './support/integrator-page';
import { waitFor } from './support/stack';

/** The example email in its default language only. */
const englishOnly = () => JSON.parse(JSON.stringify({ ...exampleDesign('email'), languages: undefined }, (key, value) => (key === 'translations' ? undefined : value)));

const HEADING = 'Heading block, row 2, column 1, position 2';
const headingText = (frame: Frame) => frame.getByRole('group', { name: HEADING }).getByRole('textbox', { name: 'Heading 1' });

describe('editing in several languages', () => {
  const browser = editorBrowser();

  it('adds a language from the default’s texts, changes only its texts, and lists what is not translated', async () => {
    const { testKey } = newProject('email');
    const userId = 'translator';
    const template = englishOnly();
    const english = template.body.rows[1].columns[0].blocks[1].content;
    const { page, frame } = await browser.editor(testKey, userId, { template, name: 'Languages' });
    const languages = frame.getByRole('group', { name: 'Design language' });
    const editing = languages.getByRole('combobox', { name: 'Editing in' });
    expect(await editing.inputValue()).toBe('en');

    await languages.getByRole('textbox', { name: 'New language (a tag such as fr or pt-BR)' }).fill('de');
    await languages.getByRole('button', { name: 'Add language' }).click();
    await waitFor('German chosen', async () => (await editing.inputValue()) === 'de');
    expect(await headingText(frame).textContent()).toBe('Hi {{contact.first_name}}, spring is in the air');

    // A heading added while in German takes the focus; what is typed is its German text only.
    await frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Heading', exact: true }).click();
    await waitFor('the new heading to take the focus', async () => (await frame.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === 'Heading 2');
    await page.keyboard.type('Hallo Welt');
    await frame.getByRole('button', { name: 'Save', exact: true }).click();
    const { designId } = await firstSave(page);
    const saved = async () => (await call('GET', `/embed/v1/users/${userId}/designs/${designId}`, { bearer: testKey })).body.doc;
    const blocks = (found: any): any[] => found.body.rows.flatMap((row: any) => row.columns.flatMap((column: any) => column.blocks));
    const doc = await waitFor('the German text saved', async () => {
      const found = await saved();
      return blocks(found).some((block) => JSON.stringify(block.translations?.de ?? {}).includes('Hallo Welt')) ? found : false;
    });
    const typed = blocks(doc).find((block) => JSON.stringify(block.translations?.de ?? {}).includes('Hallo Welt'));
    expect(JSON.stringify(typed.content)).not.toContain('Hallo Welt');
    expect(doc.languages).toEqual(['de']);
    expect(doc.body.rows[1].columns[0].blocks[1].content).toEqual(english);
    expect(doc.settings.translations.de.subject).toBe(template.settings.subject);

    // A block added while in German has no German text yet: Checks says so.
    await frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Text', exact: true }).click();
    const finding = frame.locator('.checks [data-check="untranslated"]');
    await finding.first().waitFor();
    expect(await finding.first().textContent()).toMatch(/not yet translated into de/);
    expect(await seriousViolations(frame)).toEqual([]);
    await page.screenshot({ path: path.join(process.env.E2E_SHOTS ?? '/tmp', 'editor-language-de.png') });

    await editing.selectOption('en');
    expect(await headingText(frame).textContent()).toBe('Hi {{contact.first_name}}, spring is in the air');

    await languages.getByRole('textbox', { name: 'New language (a tag such as fr or pt-BR)' }).fill('ar');
    await languages.getByRole('button', { name: 'Add language' }).click();
    await waitFor('Arabic chosen', async () => (await editing.inputValue()) === 'ar');
    expect(await frame.locator('.canvas .content').getAttribute('dir')).toBe('rtl');
    expect(await seriousViolations(frame)).toEqual([]);
    await page.screenshot({ path: path.join(process.env.E2E_SHOTS ?? '/tmp', 'editor-language-ar.png') });
  }, 180_000);

  it('keeps the interface in mount’s locale whatever language the design is edited in', async () => {
    const { testKey } = newProject('email');
    const { frame } = await browser.editor(testKey, 'traductrice', { template: englishOnly(), locale: 'fr' });
    const languages = frame.getByRole('group', { name: 'Langue du design' });
    await languages.getByRole('textbox', { name: 'Nouvelle langue (un code comme fr ou pt-BR)' }).fill('de');
    await languages.getByRole('button', { name: 'Ajouter la langue' }).click();
    const editing = languages.getByRole('combobox', { name: 'Édition en' });
    await waitFor('German chosen', async () => (await editing.inputValue()) === 'de');
    expect(await editing.locator('option:checked').textContent()).toBe('allemand (de)');
    expect(await frame.getByRole('button', { name: 'Annuler', exact: true }).count()).toBe(1);
    expect(await frame.getByRole('button', { name: 'Enregistrer', exact: true }).count()).toBe(1);
  }, 120_000);
});
