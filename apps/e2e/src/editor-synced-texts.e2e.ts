// @lane shared
// A synced row is editable only where the integrator allows (issue 32): with
// `syncedTextsEditable` on the project row, a person types in its blocks' texts on the
// canvas and the design keeps them, while a synced row without it stays as the library has
// it. Before it, every synced row refused every edit.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { call, exampleDesign, newProject } from './support/api';
import { seriousViolations } from './support/axe';
import { editorBrowser } from './support/integrator-page';
import { waitFor } from './support/stack';
import { shotsFolder } from './support/shots';

jest.setTimeout(120_000);

const SHOTS = shotsFolder('synced-texts');
const words = (id: string, text: string) => ({ id, columns: [{ blocks: [{ type: 'text', id: `${id}-text`, content: [{ type: 'paragraph', content: [{ text }] }] }] }] });
const design = (page: Page) => page.evaluate(async () => (window as any).editor.getDesign());
const rowText = (doc: any, id: string) => JSON.stringify(doc.body.rows.find((row: any) => row.id === id).columns[0].blocks[0].content);
const rowTranslations = (doc: any, id: string) => doc.body.rows.find((row: any) => row.id === id).columns[0].blocks[0].translations;

/** A synced project row, published by the integrator's server; its id. */
async function publish(testKey: string, row: object): Promise<string> {
  const answer = await call('POST', '/embed/v1/rows', { bearer: testKey, body: { name: 'Row', row, synced: true } });
  if (answer.status !== 201) throw new Error(`row: ${answer.status} ${answer.text}`);
  return answer.body.id as string;
}

describe('a synced row’s texts', () => {
  const browser = editorBrowser();

  it('are typed in on the canvas where the integrator allows it, and kept; elsewhere they stay the library’s', async () => {
    const { testKey } = newProject('email');
    const offer = await publish(testKey, { ...words('offer', 'Library offer'), style: { backgroundColor: '#f3f1ec' }, syncedTextsEditable: true });
    const legal = await publish(testKey, words('legal', 'Library legal text'));
    const email = exampleDesign('email');
    const rows = [
      { ...words('offer', 'Library offer'), id: 'offer-copy', style: { backgroundColor: '#f3f1ec' }, syncedTextsEditable: true, syncedRowId: offer },
      { ...words('legal', 'Library legal text'), id: 'legal-copy', syncedRowId: legal },
    ];
    const created = await call('POST', '/embed/v1/users/typist/designs', { bearer: testKey, body: { name: 'Synced', doc: { ...email, body: { ...email.body, rows } } } });
    expect(created.status).toBe(201);

    const { page, frame } = await browser.editor(testKey, 'typist', { designId: created.body.id });
    const texts = frame.getByRole('textbox', { name: 'Text', exact: true });

    await texts.nth(0).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' for you');
    await waitFor('the typed words', async () => rowText(await design(page), 'offer-copy').includes('Library offer for you'));

    // The panel says what of a library row changes here, and shows its settings without letting them change.
    const panel = frame.getByRole('complementary', { name: 'Properties' });
    const colour = panel.getByRole('textbox', { name: 'Text colour', exact: true });
    expect(await panel.locator('.library-note').textContent()).toContain('only its texts can be changed here');
    expect(await colour.isDisabled()).toBe(true);

    // The other synced row's text is shown, not typed in: it stays the library's.
    expect(await texts.count()).toBe(1);
    expect(await frame.getByText('Library legal text').evaluate((element) => element.closest('[contenteditable="true"]'))).toBeNull();
    await frame.getByText('Library legal text').click();
    await waitFor('the legal block’s panel', async () => (await panel.locator('.library-note').textContent())?.includes('cannot be changed here') ?? false);
    expect(await panel.getByRole('button', { name: 'Delete block' }).isDisabled()).toBe(true);
    expect(rowText(await design(page), 'legal-copy')).toBe(JSON.stringify([{ type: 'paragraph', content: [{ text: 'Library legal text' }] }]));

    expect(await seriousViolations(frame)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'synced-texts-1280.png') });

    // What the editor shows is what is saved.
    const { designId } = await page.evaluate(() => (window as any).editor.save());
    const saved = (await call('GET', `/embed/v1/users/typist/designs/${designId}`, { bearer: testKey })).body.doc;
    expect(rowText(saved, 'offer-copy')).toContain('Library offer for you');
    expect(rowText(saved, 'legal-copy')).toBe(JSON.stringify([{ type: 'paragraph', content: [{ text: 'Library legal text' }] }]));
  });

  it('take a new language, and are translated there where the integrator allows it; the rest stay the library’s', async () => {
    const { testKey } = newProject('email');
    const offer = await publish(testKey, { ...words('offer', 'Library offer'), syncedTextsEditable: true });
    const legal = await publish(testKey, words('legal', 'Library legal text'));
    const email = exampleDesign('email');
    const rows = [
      { ...words('offer', 'Library offer'), id: 'offer-copy', syncedTextsEditable: true, syncedRowId: offer },
      { ...words('legal', 'Library legal text'), id: 'legal-copy', syncedRowId: legal },
    ];
    const englishOnly = { ...email, languages: undefined, settings: { subject: email.settings.subject }, body: { ...email.body, rows } };
    const created = await call('POST', '/embed/v1/users/translator/designs', { bearer: testKey, body: { name: 'Synced, in French', doc: englishOnly } });
    expect(created.status).toBe(201);

    const { page, frame } = await browser.editor(testKey, 'translator', { designId: created.body.id });
    const languages = frame.getByRole('group', { name: 'Design language' });
    await languages.getByRole('textbox', { name: 'New language (a tag such as fr or pt-BR)' }).fill('fr');
    await languages.getByRole('button', { name: 'Add language' }).click();
    await waitFor('French added and chosen', async () => (await languages.getByRole('combobox', { name: 'Editing in' }).inputValue()) === 'fr');

    const texts = frame.getByRole('textbox', { name: 'Text', exact: true });
    await texts.nth(0).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' en français');
    const french = { fr: { content: [{ type: 'paragraph', content: [{ text: 'Library offer en français' }] }] } };
    await waitFor('the French words', async () => JSON.stringify(rowTranslations(await design(page), 'offer-copy')) === JSON.stringify(french));
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'synced-texts-french-1280.png') });

    const { designId } = await page.evaluate(() => (window as any).editor.save());
    const saved = (await call('GET', `/embed/v1/users/translator/designs/${designId}`, { bearer: testKey })).body.doc;
    expect(saved.languages).toEqual(['fr']);
    expect(rowTranslations(saved, 'offer-copy')).toEqual(french);
    expect(rowText(saved, 'offer-copy')).toBe(JSON.stringify([{ type: 'paragraph', content: [{ text: 'Library offer' }] }]));
    expect(rowTranslations(saved, 'legal-copy')).toBeUndefined();
  });
});
