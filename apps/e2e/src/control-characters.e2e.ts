// @lane shared
import { parse } from 'parse5';
import { DROPPED_SAMPLES, htmlProblems, parsedElements, withEveryCharacterClass } from '@embed/render-core/testing';
import { call, editorSession, exampleDesign, newProject } from './support/api';
import { download, pngSize, readPdf, unpackZip } from './file-exports-helpers';

// A design of every mode holding every class of character (C0 and C1 controls, DEL,
// noncharacters, direction controls left open and closed where nothing was opened, tab,
// newline, carriage return) in every string field the schema takes them in, and in its
// name: saved through the editor API as it is, then rendered and exported in every format
// its mode makes. Every answer is 200 (an ESC in an email's subject answered 503 "retry");
// the HTML parses without a character error and holds none of the characters left out; the
// warnings say what was left out and where (docs/design-document.md, "Characters").

type Mode = 'email' | 'page' | 'popup' | 'document';
const MODES: Mode[] = ['email', 'page', 'popup', 'document'];
const FORMATS: Record<Mode, string[]> = { email: ['zip', 'pdf', 'png'], page: ['zip', 'pdf', 'png'], popup: ['zip', 'png'], document: ['zip', 'pdf', 'png'] };
// The words of each example the exported files must still show, past the characters around them.
const WORDS: Record<Mode, string> = { email: 'Shop the collection', page: 'Save my place', popup: 'Take 10% off', document: 'Wholesale catalogue' };

const LEFT_OUT = new RegExp(`[${DROPPED_SAMPLES.join('')}]`, 'u');
const leftOutIn = (text: string) => [...text].filter((char) => LEFT_OUT.test(char)).map((char) => `U+${(char.codePointAt(0) as number).toString(16)}`);

function characterErrors(html: string): string[] {
  const errors: string[] = [];
  parse(html, { onParseError: (error) => /character|surrogate/.test(error.code) && errors.push(error.code) });
  return errors;
}

function expectCarried(answer: { status: number; text: string; body: any }, mode: Mode): void {
  expect([answer.status, answer.status === 200 ? '' : answer.text]).toEqual([200, '']);
  const rendered = answer.body;
  for (const field of ['html', 'text', 'subject', 'preheader'] as const) expect([field, leftOutIn(rendered[field])]).toEqual([field, []]);
  expect(characterErrors(rendered.html)).toEqual([]);
  expect(htmlProblems(rendered.html)).toEqual([]);
  expect(rendered.text).toContain(WORDS[mode]);
  expect(rendered.warnings.find((warning: string) => warning.includes('so they were left out'))).toMatch(/^\$\.\S+, .* held control characters or noncharacters \(U\+0001, /);
  expect(rendered.warnings.some((warning: string) => warning.includes('were balanced within the field'))).toBe(true);
  if (mode === 'email') expect(rendered.subject).toContain('the spring collection is here');
}

describe('every class of character, in every field of a design of every mode', () => {
  it.each(MODES)('a %s holding them saves, renders and exports in every format, the characters left out or balanced', async (mode) => {
    const { testKey } = newProject(mode);
    const doc = withEveryCharacterClass(exampleDesign(mode) as any);
    const { editor } = await editorSession(testKey, 'cc-author');
    const name = `Spring\u001b\u0085\ufdd0\u202e sale\t${mode}`;

    const created = await editor('POST', '/designs', { body: { name, doc } });
    expect([created.status, created.status === 201 ? '' : created.text]).toEqual([201, '']);
    // Stored as it was given: the characters are left out of what is rendered, never of the design.
    expect((await editor('GET', `/designs/${created.body.id}`)).body.doc).toEqual(doc);

    expectCarried(await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc } }), mode);
    const exported = (body: Record<string, unknown>) =>
      call('POST', `/embed/v1/designs/${created.body.id}/export`, { bearer: testKey, body: { user: { id: 'cc-author' }, ...body } });
    expectCarried(await exported({ format: 'html' }), mode);

    for (const format of FORMATS[mode]) {
      const answer = await exported({ format });
      expect([format, answer.status, answer.status === 200 ? '' : answer.text]).toEqual([format, 200, '']);
      expect(answer.body.warnings.some((warning: string) => warning.includes('so they were left out'))).toBe(true);
      expect(leftOutIn(answer.body.filename)).toEqual([]);
      const file = await download(answer.body.url);
      expect(file.status).toBe(200);
      if (format === 'zip') {
        const zip = unpackZip(file.bytes);
        const html = zip.read('index.html').toString('utf8');
        expect(leftOutIn(html)).toEqual([]);
        expect(characterErrors(html)).toEqual([]);
        expect(parsedElements(html).length).toBeGreaterThan(10);
      } else if (format === 'pdf') {
        expect(readPdf(file.bytes).text.replace(/\s+/g, ' ')).toContain(WORDS[mode]);
      } else {
        expect(pngSize(file.bytes).width).toBeGreaterThan(100);
      }
    }
  }, 120_000);
});
