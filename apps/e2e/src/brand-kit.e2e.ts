// @lane shared
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { type ApiAnswer, call, editorSession, expectError, newProject } from './support/api';
import { baseUrl, repoRoot } from './support/stack';

// docs/server-api.md "Brand kit": the integrator's server sets the project's brand kit per
// environment, the editor reads it. Before it, every call below was 404 not_found.

const INTER = { stack: 'Inter, Helvetica, Arial, sans-serif', url: 'https://fonts.googleapis.com/css2?family=Inter:wght@400;700&display=swap' };
const KIT = {
  colors: ['#1f5f4a', '#f3f1ec', '#2b2b2b'],
  fonts: [INTER, { stack: 'Georgia, serif' }],
  logoUrl: 'https://cdn.example.com/brand/logo.png',
  text: { fontFamily: INTER.stack, fontSize: 16, color: '#2b2b2b', lineHeight: 1.5 },
  link: { color: '#1f5f4a' },
  button: { buttonColor: '#1f5f4a', color: '#ffffff', borderRadius: 6, innerPadding: '12px 24px', fontWeight: 700 },
  paletteOnly: true,
  fontsOnly: true,
};
const EMPTY = { colors: [], fonts: [], logoUrl: null, text: {}, link: {}, button: {}, paletteOnly: false, fontsOnly: false, updatedAt: null };

const brandKit = (key: string, method = 'GET', body?: unknown) => call(method, '/embed/v1/brand-kit', { bearer: key, ...(body === undefined ? {} : { body }) });

/** What `npm start` does for the demo project (tools/lib/demo-library.mjs), for the project of `key`. */
function seedDemo(key: string): void {
  const script = `import { seedDemoLibrary } from ${JSON.stringify(path.join(repoRoot, 'tools/lib/demo-library.mjs'))};
await seedDemoLibrary(${JSON.stringify(baseUrl())}, ${JSON.stringify(key)});`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { stdio: 'pipe', timeout: 120_000 });
}

function expectStatus(answer: ApiAnswer, status: number): any {
  expect({ status: answer.status, text: answer.status === status ? '' : answer.text }).toEqual({ status, text: '' });
  return answer.body;
}

/** A 400 request_invalid whose message starts with the refused field's path. */
function expectRefusedField(answer: ApiAnswer, field: string): void {
  expectError(answer, 400, 'request_invalid');
  expect(answer.body.error).toMatch(new RegExp(`^${field.replace(/\./g, '\\.')} `));
}

describe('the brand kit through the server API', () => {
  it('is the empty kit until set, then the kit set whole, and the editor reads it', async () => {
    const { testKey } = newProject('email');
    expect(expectStatus(await brandKit(testKey), 200)).toEqual(EMPTY);

    const set = expectStatus(await brandKit(testKey, 'PUT', KIT), 200);
    expect(set).toEqual({ ...KIT, updatedAt: expect.any(String) });
    expect(Date.now() - Date.parse(set.updatedAt)).toBeLessThan(60_000);
    expect(expectStatus(await brandKit(testKey), 200)).toEqual(set);

    const { editor } = await editorSession(testKey, 'person-1');
    expect(expectStatus(await editor('GET', '/brand-kit'), 200)).toEqual(set);

    // A PUT replaces the whole kit: what it leaves out is empty again.
    const replaced = expectStatus(await brandKit(testKey, 'PUT', { colors: ['#000000'] }), 200);
    expect(replaced).toEqual({ ...EMPTY, colors: ['#000000'], updatedAt: expect.any(String) });
  });

  it('keeps one kit per project and environment: another project or the live key sees none of it', async () => {
    const first = newProject('email');
    const other = newProject('email');
    expectStatus(await brandKit(first.testKey, 'PUT', KIT), 200);

    expect(expectStatus(await brandKit(first.liveKey), 200)).toEqual(EMPTY);
    expect(expectStatus(await brandKit(other.testKey), 200)).toEqual(EMPTY);
    const { editor } = await editorSession(other.testKey, 'person-1');
    expect(expectStatus(await editor('GET', '/brand-kit'), 200)).toEqual(EMPTY);

    // Setting the live kit leaves the test kit as it was.
    expectStatus(await brandKit(first.liveKey, 'PUT', { colors: ['#ff0000'] }), 200);
    expect(expectStatus(await brandKit(first.testKey), 200)).toMatchObject({ colors: KIT.colors, paletteOnly: true });
  });

  it('refuses a bad kit naming the field, and keeps the kit it had', async () => {
    const { testKey } = newProject('email');
    expectStatus(await brandKit(testKey, 'PUT', KIT), 200);

    expectRefusedField(await brandKit(testKey, 'PUT', { ...KIT, colors: ['#1f5f4a', 'green'] }), 'colors.1');
    expect((await brandKit(testKey, 'PUT', { ...KIT, colors: ['green'] })).body.error).toContain('#1a2b3c');
    expectRefusedField(await brandKit(testKey, 'PUT', { ...KIT, fonts: [{ stack: 'Inter', url: 'http://fonts.example.com/inter.css' }] }), 'fonts.0.url');
    expectRefusedField(await brandKit(testKey, 'PUT', { ...KIT, fonts: [{ stack: 'Comic; }</style>' }] }), 'fonts.0.stack');
    expectRefusedField(await brandKit(testKey, 'PUT', { ...KIT, fonts: [{ stack: "'Open, Sans', Arial", url: INTER.url }] }), 'fonts.0.stack');
    expectRefusedField(await brandKit(testKey, 'PUT', { ...KIT, logoUrl: 'javascript:alert(1)' }), 'logoUrl');
    expectRefusedField(await brandKit(testKey, 'PUT', { ...KIT, button: { ...KIT.button, fontSize: 400 } }), 'button.fontSize');
    expectRefusedField(await brandKit(testKey, 'PUT', { ...KIT, text: { colour: '#000000' } }), 'text.colour');
    expectRefusedField(await brandKit(testKey, 'PUT', { ...KIT, colors: [], paletteOnly: true }), 'paletteOnly');
    expectRefusedField(await brandKit(testKey, 'PUT', { ...KIT, fonts: [], fontsOnly: true }), 'fontsOnly');
    expectRefusedField(await brandKit(testKey, 'PUT', { ...KIT, colors: Array.from({ length: 25 }, () => '#000000') }), 'colors');
    expectError(await brandKit(testKey, 'PUT', { fonts: [] }), 400, 'request_invalid');

    expect(expectStatus(await brandKit(testKey), 200)).toMatchObject({ colors: KIT.colors, fonts: KIT.fonts });
  });

  it('is refused without a key and to an editor token, which only reads it', async () => {
    const { testKey } = newProject('email');
    expectError(await call('GET', '/embed/v1/brand-kit'), 401, 'key_invalid');
    const { editor } = await editorSession(testKey, 'person-1');
    expectError(await editor('PUT', '/brand-kit', { body: KIT }), 405, 'method_not_allowed');
  });

  it('is what npm start gives the demo project, once: a kit changed since stays', async () => {
    const { testKey } = newProject('email');
    seedDemo(testKey);
    const seeded = expectStatus(await brandKit(testKey), 200);
    expect(seeded).toMatchObject({ colors: expect.arrayContaining(['#1f5f4a', '#f3f1ec']), paletteOnly: false, link: { color: '#1f5f4a' } });
    expect(seeded.fonts[0]).toEqual({ stack: 'Inter, Helvetica, Arial, sans-serif', url: expect.stringMatching(/^https:\/\/fonts\.googleapis\.com\//) });
    expectStatus(await brandKit(testKey, 'PUT', { colors: ['#000000'] }), 200);
    seedDemo(testKey);
    expect(expectStatus(await brandKit(testKey), 200).colors).toEqual(['#000000']);
  });
});
