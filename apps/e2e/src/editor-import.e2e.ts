// @lane shared
// The editor's Import (contracts §8), in real Chromium against the real stack: a design of
// another editor pasted into the dialog, its format detected, converted in the import
// worker, its warnings shown in words; the result replaces the design as one step Undo
// takes back, or is saved as a new design of the person, which the editor then opens and
// saves to. In French, each warning is said in French from its code and values, and so is
// why a source cannot be read at all. axe finds nothing serious.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { call, exampleDesign, newProject } from './support/api';
import { seriousViolations } from './support/axe';
import { editorCatalogues } from './support/editor-words';
import { editorBrowser, editorEvents } from './support/integrator-page';
import { waitFor } from './support/stack';
import { shotsFolder } from './support/shots';

const fixture = (name: string) => readFileSync(path.join(__dirname, '../../../libs/design-import/src/fixtures', name), 'utf8');
const SHOTS = shotsFolder('import');
const french = editorCatalogues().fr;
const frenchNumber = new Intl.NumberFormat('fr', { maximumFractionDigits: 2 });
/** A warning in the French catalogue's words, its values filled as the editor fills them. */
const inFrench = ({ code, params }: { code: string; params: Record<string, string | number> }) =>
  french[`import.warning.${code}`].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : typeof value === 'number' ? frenchNumber.format(value) : value;
  });

describe('Import in the editor', () => {
  const browser = editorBrowser();

  it('converts pasted MJML with its warnings in words, replaces the design as one undoable step, and saves a Beefree template as a new design that the editor opens', async () => {
    const { testKey } = newProject('email');
    const template = exampleDesign('email');
    const { page, frame } = await browser.editor(testKey, 'importer', { template });
    const getDesign = () => page.evaluate(() => (window as any).editor.getDesign());

    await frame.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = frame.getByRole('dialog', { name: 'Import' });
    expect(await dialog.getByRole('button', { name: 'Convert', exact: true }).getAttribute('aria-disabled')).toBe('true');
    await dialog.getByRole('textbox', { name: 'Design to import' }).fill('plain words');
    await dialog.getByRole('button', { name: 'Convert', exact: true }).click();
    await dialog.getByRole('status').filter({ hasText: 'The format could not be told from the text: choose it.' }).waitFor();

    const mjml = fixture('newsletter.mjml');
    await dialog.getByRole('textbox', { name: 'Design to import' }).fill(mjml);
    expect(await dialog.getByRole('combobox', { name: 'Format' }).locator('option:checked').textContent()).toBe('Detected: MJML');
    // The source's own merge tags, each offered to map to one of the project's: the unsubscribe link is guessed, the name chosen.
    const tags = dialog.getByRole('group', { name: 'Merge tags' });
    expect(await tags.getByRole('combobox', { name: '[unsubscribe]' }).locator('option:checked').textContent()).toBe('Unsubscribe link address ({{unsubscribe_url}})');
    expect(await tags.getByRole('combobox', { name: '*|FNAME|*' }).locator('option:checked').textContent()).toBe('Keep as written');
    await tags.getByRole('combobox', { name: '*|FNAME|*' }).selectOption({ label: 'First name ({{contact.first_name}})' });
    await dialog.getByRole('button', { name: 'Convert', exact: true }).click();
    const warnings = dialog.getByRole('list', { name: 'What changed in the import' });
    await warnings.waitFor();
    const mergeTags = { '*|FNAME|*': '{{contact.first_name}}', '[unsubscribe]': '{{unsubscribe_url}}' };
    const served = await call('POST', '/embed/v1/imports', { bearer: testKey, body: { format: 'mjml', source: mjml, mergeTags } });
    expect(JSON.stringify(served.body.design)).toContain('Hello {{contact.first_name}},');
    expect(await dialog.getByRole('status').textContent()).toBe(`Converted from MJML. ${served.body.warnings.length} things were changed or left out, listed below.`);
    expect(await warnings.getByRole('listitem').allTextContents()).toEqual(served.body.warnings.map((warning: { path: string; message: string }) => `${warning.message} ${warning.path}`));
    expect(await seriousViolations(frame)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'import-dialog-1280.png') });
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(SHOTS, 'import-dialog-390.png') });
    if (wide) await page.setViewportSize(wide);

    await dialog.getByRole('button', { name: 'Replace this design', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await getDesign()).toEqual(served.body.design);
    await frame.getByText('Fresh from the oven').first().waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'import-replaced.png') });
    await frame.getByRole('button', { name: 'Undo', exact: true }).click();
    expect(await getDesign()).toEqual(template);
    await frame.getByRole('button', { name: 'Redo', exact: true }).click();
    expect(await getDesign()).toEqual(served.body.design);

    await frame.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Design to import' }).fill(fixture('newsletter.beefree.json'));
    await dialog.getByRole('button', { name: 'Convert', exact: true }).click();
    const beefree = await call('POST', '/embed/v1/imports', { bearer: testKey, body: { format: 'beefree', source: JSON.parse(fixture('newsletter.beefree.json')), mergeTags: { '[unsubscribe]': '{{unsubscribe_url}}' } } });
    await dialog.getByRole('button', { name: 'Save as a new design', exact: true }).click();
    // The editor opens the new design in place of this one: the dialog closes and says so, the name is the new design's.
    await dialog.waitFor({ state: 'detached' });
    await frame.getByRole('status').filter({ hasText: /^Saved as a new design, “.*\(imported\)”, and opened\./ }).waitFor();
    const listed = await waitFor('the new design in the person’s list', async () => {
      const list = await call('GET', '/embed/v1/users/importer/designs', { bearer: testKey });
      return list.body.designs?.find((design: { name: string }) => design.name.endsWith('(imported)')) ?? false;
    });
    const stored = await call('GET', `/embed/v1/users/importer/designs/${listed.id}`, { bearer: testKey });
    expect(stored.body.doc.settings.subject).toBe('Greenway Cycles: spring service week');
    expect(await frame.getByRole('textbox', { name: 'Design name' }).inputValue()).toBe(listed.name);
    expect(await getDesign()).toEqual(beefree.body.design);
    // The page hears of the new design as a save, and the next save goes to it.
    expect((await editorEvents(page, 'save')).at(-1)).toEqual({ designId: listed.id, revision: stored.body.revision });
    await frame.getByRole('textbox', { name: 'Design name' }).fill('Spring service week');
    await page.keyboard.press('Control+s');
    await waitFor('the save of the opened design', async () => (await call('GET', `/embed/v1/users/importer/designs/${listed.id}`, { bearer: testKey })).body.revision === stored.body.revision + 1);
    expect((await call('GET', `/embed/v1/users/importer/designs/${listed.id}`, { bearer: testKey })).body.name).toBe('Spring service week');
    await page.screenshot({ path: path.join(SHOTS, 'import-saved-as-new.png') });
  }, 180_000);

  it('says each warning of the import in French, from its code and values, when the editor speaks French', async () => {
    const { testKey } = newProject('email');
    const { page, frame } = await browser.editor(testKey, 'importateur', { template: exampleDesign('email'), locale: 'fr' });

    await frame.getByRole('button', { name: french['import.title'], exact: true }).click();
    const dialog = frame.getByRole('dialog', { name: french['import.title'] });
    const mjml = fixture('newsletter.mjml');
    await dialog.getByRole('textbox', { name: french['import.source'] }).fill(mjml);
    await dialog.getByRole('button', { name: french['import.convert'], exact: true }).click();
    const warnings = dialog.getByRole('list', { name: french['import.warnings'] });
    await warnings.waitFor();
    // The dialog guessed the unsubscribe link and kept the name as written: the API is asked the same.
    const served = await call('POST', '/embed/v1/imports', { bearer: testKey, body: { format: 'mjml', source: mjml, mergeTags: { '[unsubscribe]': '{{unsubscribe_url}}' } } });
    const link = served.body.warnings.find((warning: { code: string }) => warning.code === 'link_unsafe');
    expect(link).toEqual({
      path: 'mjml > mj-body > mj-section[0] > mj-column[0] > mj-navbar[0] > mj-navbar-link[2]',
      code: 'link_unsafe',
      params: { scheme: 'javascript', address: 'javascript:alert(1)' },
      message: 'A link had a javascript: address (javascript:alert(1)), which could run code; it was left out',
    });
    const items = await warnings.getByRole('listitem').allTextContents();
    expect(items).toContain(`Un lien avait une adresse javascript: (javascript:alert(1)), qui pourrait exécuter du code ; il a été laissé de côté ${link.path}`);
    expect(items).toEqual(served.body.warnings.map((warning: { path: string; code: string; params: Record<string, string | number> }) => `${inFrench(warning)} ${warning.path}`));
    expect(await seriousViolations(frame)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    await warnings.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'import-dialog-fr.png') });

    // A source that is not of its format at all: the converter's reason, in French too, at its place.
    const source = dialog.getByRole('textbox', { name: french['import.source'] });
    await source.fill('<mjml><mj-head></mj-head></mjml>');
    await dialog.getByRole('button', { name: french['import.convert'], exact: true }).click();
    const refused = `${french['import.unreadable'].replace('{reason}', `mjml > mj-body: ${french['import.unreadableReason.mjml_no_body']}`)}`;
    await dialog.getByRole('status').getByText(refused, { exact: true }).waitFor();
    expect(refused).toBe('Ceci ne se lit pas dans ce format : mjml > mj-body: l’élément <mjml> n’a pas de <mj-body>');
    await page.screenshot({ path: path.join(SHOTS, 'import-unreadable-fr.png') });
  }, 120_000);
});
