// @lane shared
// contracts §8: POST /embed/v1/imports against the real stack: the converter runs in the
// renderer behind render.import.v1, the answer is a design of the project's mode that
// renders and saves, and nothing is stored. Before this endpoint every request here was 404.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { call, expectError, newProject } from './support/api';
import { query } from './support/database';

const fixture = (name: string) => readFileSync(path.join(__dirname, '../../../libs/design-import/src/fixtures', name), 'utf8');
const mjml = fixture('newsletter.mjml');
const unlayer = JSON.parse(fixture('newsletter.unlayer.json'));
const beefree = JSON.parse(fixture('newsletter.beefree.json'));
const html = fixture('newsletter.html');
const mergeTags = { '*|FNAME|*': '{{contact.first_name}}', '[unsubscribe]': '{{unsubscribe_url}}' };

describe('POST /embed/v1/imports', () => {
  const project = newProject('email');
  const importing = (body: unknown, key = project.testKey, headers?: Record<string, string>) => call('POST', '/embed/v1/imports', { bearer: key, body, headers });

  it('makes an email design from MJML that renders and saves, names what was lost, and stores nothing', async () => {
    const answer = await importing({ format: 'mjml', source: mjml, mergeTags });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(['design', 'warnings']);
    expect(answer.body.design).toMatchObject({ schemaVersion: 1, mode: 'email', settings: { subject: 'Harbour Bakery: {{contact.first_name}}, the autumn loaves are in' } });
    expect(answer.body.warnings).toContainEqual({
      path: 'mjml > mj-body > mj-section[0] > mj-column[0] > mj-navbar[0] > mj-navbar-link[2]',
      code: 'link_unsafe',
      params: { scheme: 'javascript', address: 'javascript:alert(1)' },
      message: 'A link had a javascript: address (javascript:alert(1)), which could run code; it was left out',
    });
    expect(JSON.stringify(answer.body.design)).not.toMatch(/<script|onclick|javascript:/i);
    expect(await query(`SELECT 1 FROM "Person" WHERE "projectId" = $1`, [project.projectId])).toEqual([]);

    const rendered = await call('POST', '/embed/v1/render', { bearer: project.testKey, body: { doc: answer.body.design, merge: { contact: { first_name: 'Ada' } } } });
    expect(rendered.status).toBe(200);
    expect(rendered.body.html).toContain('Fresh from the oven');
    expect(rendered.body.subject).toBe('Harbour Bakery: Ada, the autumn loaves are in');
    const saved = await call('POST', '/embed/v1/users/migrated/designs', { bearer: project.testKey, body: { name: 'Autumn', doc: answer.body.design } });
    expect(saved.status).toBe(201);
  });

  it('makes a design of the project’s mode from an Unlayer design, as an object or as its JSON text', async () => {
    const page = newProject('page');
    const fromObject = await importing({ format: 'unlayer', source: unlayer, mergeTags }, page.testKey);
    expect(fromObject.status).toBe(200);
    expect(fromObject.body.design).toMatchObject({ mode: 'page', settings: { title: 'Imported design' } });
    expect(fromObject.body.warnings).toContainEqual({ path: '$.body.rows[2].columns[0].contents[3]', code: 'unknown_content', params: { type: 'custom#countdown' }, message: expect.stringMatching(/custom#countdown/) });
    expect((await importing({ format: 'unlayer', source: JSON.stringify(unlayer), mergeTags }, page.testKey)).body).toEqual(fromObject.body);
    expect((await call('POST', '/embed/v1/render', { bearer: page.testKey, body: { doc: fromObject.body.design } })).status).toBe(200);
  });

  it('makes designs from a Beefree template and an HTML email that render, naming each loss at its place; nothing executable crosses', async () => {
    for (const [format, source, lost] of [
      ['beefree', beefree, '$.page.rows[3].columns[0].modules[5]'],
      ['html', html, 'html > body > table[0] > tr[0] > td[0] > table[0] > tr[6] > td[0] > script[0]'],
    ] as const) {
      const answer = await importing({ format, source, mergeTags });
      expect(answer.status).toBe(200);
      expect(answer.body.design).toMatchObject({ schemaVersion: 1, mode: 'email' });
      expect(answer.body.warnings.map(({ path }: { path: string }) => path)).toContain(lost);
      expect(JSON.stringify(answer.body.design)).not.toMatch(/<script|<iframe|onclick|javascript:/i);
      const rendered = await call('POST', '/embed/v1/render', { bearer: project.testKey, body: { doc: answer.body.design, merge: { contact: { first_name: 'Ada' } } } });
      expect(rendered.status).toBe(200);
      expect(rendered.body.html).toContain(format === 'beefree' ? 'Spring service week' : 'Winter reading list');
    }
  });

  it('answers a source that is not that format 422 source_unreadable naming the place', async () => {
    const unreadable = expectError(await importing({ format: 'unlayer', source: { body: { rows: 'no' } } }), 422, 'source_unreadable');
    expect(unreadable.body).toMatchObject({ path: '$.body.rows', error: 'source is not readable as unlayer: at $.body.rows, an Unlayer design has body.rows, a list of rows' });
    expect(expectError(await importing({ format: 'mjml', source: '<html>not mjml</html>' }), 422, 'source_unreadable').body.path).toBe('mjml');
    expect(expectError(await importing({ format: 'mjml', source: `<mjml><mj-body>${'<b>'.repeat(600)}</mj-body></mjml>` }), 422, 'source_unreadable').body.error).toMatch(/nested deeper than 500/);
    expect(expectError(await importing({ format: 'beefree', source: {} }), 422, 'source_unreadable').body).toMatchObject({ path: '$.page', error: 'source is not readable as beefree: at $.page, a Beefree template has a page object' });
    expect(expectError(await importing({ format: 'html', source: ' ' }), 422, 'source_unreadable').body.path).toBe('html');
  });

  it('refuses a malformed request 400 request_invalid naming the field, and a source past the body limit 413', async () => {
    expect(expectError(await importing({ format: 'docx', source: 'x' }), 400, 'request_invalid').body.error).toMatch(/format/);
    expect(expectError(await importing({ format: 'mjml' }), 400, 'request_invalid').body.error).toMatch(/source/);
    expect(expectError(await importing({ format: 'mjml', source: mjml, extra: 1 }), 400, 'request_invalid').body.error).toMatch(/extra/);
    expect(expectError(await importing({ format: 'mjml', source: mjml, mergeTags: { '*|FNAME|*': '<script>' } }), 400, 'request_invalid').body.error).toMatch(/mergeTags/);
    const large = await importing({ format: 'mjml', source: 'x'.repeat(1024 * 1024 + 1) });
    expect({ status: large.status, code: large.body?.code }).toEqual({ status: 413, code: 'request_invalid' });
  });

  it('takes an Idempotency-Key: the same key and body answer the same import', async () => {
    const body = { format: 'mjml', source: mjml };
    const first = await importing(body, project.testKey, { 'idempotency-key': 'import-1' });
    const again = await importing(body, project.testKey, { 'idempotency-key': 'import-1' });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body).toEqual(first.body);
    expectError(await importing({ format: 'mjml', source: `${mjml} ` }, project.testKey, { 'idempotency-key': 'import-1' }), 409, 'idempotency_key_reused');
  });
});
