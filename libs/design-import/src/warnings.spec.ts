import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMPORT_WARNING_CODES, IMPORT_WARNING_MESSAGES, type ImportFormat } from '@embed/contracts';
import { fillTemplate, placeholders } from '@embed/design-checks';
import { importDesign } from './import-design';
import { ImportWarnings, MAX_WARNINGS } from './warnings';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');
const SOURCES: [ImportFormat, unknown][] = [
  ['unlayer', JSON.parse(fixture('newsletter.unlayer.json'))],
  ['beefree', JSON.parse(fixture('newsletter.beefree.json'))],
  ['mjml', fixture('newsletter.mjml')],
  ['html', fixture('newsletter.html')],
];

describe('import warnings', () => {
  it.each(SOURCES)('each %s warning has a known code, exactly its values, and its English words as message', (format, source) => {
    const { warnings } = importDesign({ format, source, mode: 'email' });
    expect(warnings.length).toBeGreaterThan(0);
    for (const { code, params, message } of warnings) {
      expect(IMPORT_WARNING_CODES).toContain(code);
      expect([code, Object.keys(params).sort()]).toEqual([code, [...new Set(placeholders(IMPORT_WARNING_MESSAGES[code]))].sort()]);
      expect(message).toBe(fillTemplate(IMPORT_WARNING_MESSAGES[code], params));
    }
  });

  it('names each thing the sanitizer took out of an html block in a warning of its own', () => {
    const html = '<p>Hi</p><script>alert(1)</script><a href="javascript:alert(2)" onclick="go()" style="background:url(x)">x</a>';
    const { warnings } = importDesign({ format: 'unlayer', source: { body: { rows: [{ cells: [1], columns: [{ contents: [{ type: 'html', values: { html } }] }] }] } }, mode: 'email' });
    const path = '$.body.rows[0].columns[0].contents[0]';
    expect(warnings.filter((warning) => warning.path === path)).toEqual([
      { path, code: 'html_block_custom', params: {}, message: 'Custom HTML: kept as an html block, which the editor shows as code' },
      { path, code: 'html_elements_removed', params: { elements: '<script>' }, message: 'Raw HTML in the imported html: taken out <script>.' },
      { path, code: 'html_event_handlers_removed', params: {}, message: 'Raw HTML in the imported html: taken out event handler attributes (on...).' },
      { path, code: 'html_unsafe_urls_removed', params: {}, message: 'Raw HTML in the imported html: taken out unsafe URLs (javascript:, vbscript:, data:text).' },
      { path, code: 'html_css_functions_removed', params: {}, message: 'Raw HTML in the imported html: taken out CSS url() and expression() in styles.' },
    ]);
  });

  it('counts the warnings past its limit in one warning of their own', () => {
    const warnings = new ImportWarnings();
    for (let i = 0; i < MAX_WARNINGS + 3; i++) warnings.add(`$[${i}]`, 'button_without_text');
    expect(warnings.all().at(-1)).toEqual({ path: '$', code: 'more_warnings', params: { count: 3 }, message: '3 more warnings were left out' });
  });

  it('are each listed in docs/imports.md with their English words', () => {
    const docs = readFileSync(join(__dirname, '../../../docs/imports.md'), 'utf8');
    for (const code of IMPORT_WARNING_CODES) expect(docs).toContain(`| \`${code}\` | ${IMPORT_WARNING_MESSAGES[code].replace(/\|/g, '\\|')} |`);
  });
});
