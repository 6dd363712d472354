// @lane shared
// A design in several languages through the server API: render and export in a language
// (lang and dir on the HTML, fallbacks in the warnings), a ZIP of every language, the
// translations kept through a save and a load, and design.saved naming the languages.
import { call, exampleDesign, expectError, newProject, saveDesign } from './support/api';
import { query } from './support/database';
import { download, unpackZip } from './file-exports-helpers';

/** The example email in English, French (its heading and subject translated, the rest not) and Arabic (its subject only). */
function trilingual(): Record<string, any> {
  const doc = exampleDesign('email');
  doc.languages = ['fr', 'ar'];
  doc.settings.translations = { fr: { subject: '{{contact.first_name}}, la collection de printemps est là' }, ar: { subject: 'مجموعة الربيع' } };
  doc.body.rows[1].columns[0].blocks[1].translations = { fr: { content: [{ text: 'Bonjour {{contact.first_name}}, le printemps est là' }] } };
  return doc;
}

const MERGE = { contact: { first_name: 'Ada' } };

describe('languages through the server API', () => {
  it('renders in a language: its texts with merge tags filled, lang on the HTML, every fallback in the warnings', async () => {
    const { testKey } = newProject('email');
    const answer = await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc: trilingual(), merge: MERGE, language: 'fr' } });
    expect(answer.status).toBe(200);
    expect(answer.body.html).toMatch(/<html lang="fr"/);
    expect(answer.body.html).toContain('Bonjour Ada, le printemps est là');
    expect(answer.body.subject).toBe('Ada, la collection de printemps est là');
    // Untranslated texts are there, in English, and named.
    expect(answer.body.html).toContain('View shirt');
    expect(answer.body.warnings.join('\n')).toMatch(/texts have no fr translation and show in en: .*the settings \(preheader\)/);

    const english = await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc: trilingual(), merge: MERGE } });
    expect(english.body.html).toMatch(/<html lang="en"/);
    expect(english.body.html).toContain('Hi Ada, spring is in the air');
    expect(english.body.warnings.join('\n')).not.toMatch(/translation/);
  });

  it('renders a language written right to left right to left', async () => {
    const { testKey } = newProject('email');
    const answer = await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc: trilingual(), language: 'ar' } });
    expect(answer.status).toBe(200);
    expect(answer.body.html).toMatch(/<html lang="ar" dir="rtl"/);
    expect(answer.body.subject).toBe('مجموعة الربيع');
  });

  it('takes the closest language, says so, and refuses a language that is not a tag naming the field', async () => {
    const { testKey } = newProject('email');
    const closest = await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc: trilingual(), language: 'fr-CA' } });
    expect(closest.body.html).toMatch(/<html lang="fr"/);
    expect(closest.body.warnings).toContain('The design has no fr-CA translation: it is rendered in fr, the closest language it has.');
    const none = await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc: trilingual(), language: 'de' } });
    expect(none.body.warnings).toContain('The design has no de translation: it is rendered in en, its default language.');
    for (const language of ['French', 'fr_FR', '', 'f', 42, 'x'.repeat(100)]) {
      const refused = expectError(await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc: trilingual(), language } }), 400, 'request_invalid');
      expect(refused.body.error).toMatch(/language/);
    }
  });

  it('keeps the translations through a save and a load, names the languages in design.saved, and exports in each', async () => {
    const { testKey } = newProject('email');
    const design = await saveDesign(testKey, 'polyglot', 'Trilingual', trilingual());
    const loaded = await call('GET', `/embed/v1/users/polyglot/designs/${design.id}`, { bearer: testKey });
    expect(loaded.body.doc).toEqual(trilingual());
    const events = await query<{ data: any }>(`SELECT data FROM "OutboxEvent" WHERE "designId" = $1`, [design.id]);
    expect(events.map((event) => event.data.languages)).toEqual([['en', 'fr', 'ar']]);

    const html = await call('POST', `/embed/v1/designs/${design.id}/export`, { bearer: testKey, body: { user: { id: 'polyglot' }, language: 'fr', merge: MERGE } });
    expect(html.status).toBe(200);
    expect(html.body.html).toContain('Bonjour Ada');

    const zip = await call('POST', `/embed/v1/designs/${design.id}/export`, { bearer: testKey, body: { user: { id: 'polyglot' }, format: 'zip', allLanguages: true, merge: MERGE } });
    expect(zip.status).toBe(200);
    const files = unpackZip((await download(zip.body.url)).bytes);
    expect(files.entries.filter((name) => name.endsWith('.html') || name.endsWith('.txt')).sort()).toEqual(['ar/index.html', 'ar/index.txt', 'fr/index.html', 'fr/index.txt', 'index.html', 'index.txt']);
    expect(files.read('index.html').toString('utf8')).toMatch(/<html lang="en"/);
    expect(files.read('fr/index.html').toString('utf8')).toContain('Bonjour Ada');
    expect(files.read('ar/index.html').toString('utf8')).toMatch(/<html lang="ar" dir="rtl"/);

    const refused = expectError(
      await call('POST', `/embed/v1/designs/${design.id}/export`, { bearer: testKey, body: { user: { id: 'polyglot' }, format: 'html', allLanguages: true } }),
      400,
      'request_invalid',
    );
    expect(refused.body.error).toMatch(/allLanguages is for zip exports only/);
  });
});
