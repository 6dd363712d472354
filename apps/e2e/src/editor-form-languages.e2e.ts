// @lane shared
// A form translated in the editor, in real Chromium against the real stack: in French, the
// form panel's labels, placeholders, choices and button text are French and go to the
// French translation only (the saved document shows it after each step), a field moved in
// French takes both languages' words with it, Checks lists the form's texts not yet
// translated, and the render in French shows the French form.
import path from 'node:path';
import type { Frame } from 'playwright-core';
import { call, exampleDesign, newProject } from './support/api';
import { seriousViolations } from './support/axe';
import { editorBrowser, editorFrame, firstSave, mountEditor } from './support/integrator-page';
import { shotsFolder } from './support/shots';
import { waitFor } from './support/stack';

const FORM = 'Form block, row 5, column 2, position 1';
const form = (frame: Frame) => frame.getByRole('region', { name: 'Form properties' });
const canvasForm = (frame: Frame) => frame.getByRole('group', { name: FORM });

describe('a form in another language', () => {
  const browser = editorBrowser();

  it('edits the form’s texts in French only, moves a field with both languages’ words, and renders it in French', async () => {
    const { testKey } = newProject('page');
    const userId = 'form-translator';
    await browser.open({ key: testKey, userId });
    const { page } = browser;
    // The example's form without its French, which the test writes.
    const template = exampleDesign('page');
    const english = template.body.rows[4].columns[1].blocks[0];
    delete english.translations;
    expect(await mountEditor(page, { template, name: 'Form languages' })).toEqual({ ok: true });
    const frame = await editorFrame(page);
    const editing = frame.getByRole('group', { name: 'Design language' }).getByRole('combobox', { name: 'Editing in' });
    await editing.selectOption('fr');
    await canvasForm(frame).click();
    const panel = form(frame);
    await panel.waitFor();

    await panel.getByRole('textbox', { name: 'Field 1: Label' }).fill('Votre nom');
    await panel.getByRole('textbox', { name: 'Field 2: Placeholder' }).fill('vous@exemple.fr');
    await panel.getByRole('textbox', { name: 'Field 3: choice 2' }).fill('Je cours sur route');
    await panel.getByRole('textbox', { name: 'Submit text', exact: true }).fill('Réserver ma place');
    expect(await canvasForm(frame).getByText('Votre nom', { exact: true }).count()).toBe(1);
    expect(await canvasForm(frame).getByText('Réserver ma place', { exact: true }).count()).toBe(1);

    await frame.getByRole('button', { name: 'Save', exact: true }).click();
    const { designId } = await firstSave(page);
    const saved = async () => (await call('GET', `/embed/v1/users/${userId}/designs/${designId}`, { bearer: testKey })).body.doc;
    const formOf = (doc: any) => doc.body.rows[4].columns[1].blocks[0];
    let doc = await waitFor('the French form saved', async () => {
      const found = await saved();
      return formOf(found).translations?.fr?.submitText === 'Réserver ma place' ? found : false;
    });
    expect(formOf(doc).fields).toEqual(english.fields);
    expect(formOf(doc).submitText).toBe(english.submitText);
    expect(formOf(doc).translations.fr).toEqual({
      fields: [{ label: 'Votre nom' }, { placeholder: 'vous@exemple.fr' }, { options: ['', 'Je cours sur route'] }],
      submitText: 'Réserver ma place',
    });

    // Checks names what the form has left in English.
    const finding = frame.locator('.checks [data-check="untranslated"]', { hasText: 'row 5, column 2' });
    await finding.first().waitFor();
    const named = await finding.first().textContent();
    expect(named).toMatch(/not yet translated into fr.*the label of field 4/);
    // By the designer's words, not the document's keys.
    expect(named).not.toMatch(/fields\[/);
    await finding.first().screenshot({ path: path.join(shotsFolder('form-languages'), 'untranslated-finding.png') });

    // Field 1 moved down in French: in both languages it is second, with its own words.
    await panel.getByRole('button', { name: 'Move field 1 down' }).click();
    expect(await panel.getByRole('textbox', { name: 'Field 2: Label' }).inputValue()).toBe('Votre nom');
    await frame.getByRole('button', { name: 'Save', exact: true }).click();
    doc = await waitFor('the move saved', async () => {
      const found = await saved();
      return formOf(found).fields[1].name === 'name' ? found : false;
    });
    expect(formOf(doc).fields.map((field: any) => field.label)).toEqual(['Email', 'Your name', 'How much do you run?', 'Send me news about future events']);
    expect(formOf(doc).translations.fr.fields.slice(0, 3)).toEqual([{ placeholder: 'vous@exemple.fr' }, { label: 'Votre nom' }, { options: ['', 'Je cours sur route'] }]);
    expect(await seriousViolations(frame)).toEqual([]);
    await page.screenshot({ path: path.join(shotsFolder('form-languages'), 'form-fr-1280.png') });

    await editing.selectOption('en');
    expect(await panel.getByRole('textbox', { name: 'Field 2: Label' }).inputValue()).toBe('Your name');
    expect(await canvasForm(frame).getByText('Save my place', { exact: true }).count()).toBe(1);

    const rendered = await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc, language: 'fr' } });
    expect(rendered.status).toBe(200);
    for (const words of ['Votre nom', 'placeholder="vous@exemple.fr"', '>Je cours sur route</option>', '>I am new to running</option>', 'Réserver ma place', 'Send me news about future events']) expect(rendered.body.html).toContain(words);
    expect(rendered.body.warnings.join('\n')).toMatch(/row 5, column 2, block 1 \(successMessage\)/);
  }, 180_000);
});
