// @lane shared
import { checkDesign } from '@embed/design-checks';
import type { DesignDocument } from '@embed/design-document/model';
import { call, exampleDesign, expectError, newProject } from './support/api';

const RENDERED_FIELDS = ['bytes', 'chunks', 'design', 'html', 'mergeTags', 'mode', 'preheader', 'rendererVersion', 'subject', 'text', 'warnings'];
const MODES = ['email', 'page', 'popup', 'document'] as const;

describe('POST /embed/v1/render', () => {
  it.each(MODES)('renders the %s example in its mode with exactly the fields of Rendered', async (mode) => {
    const { testKey } = newProject(mode);
    const answer = await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc: exampleDesign(mode) } });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(RENDERED_FIELDS);
    expect(answer.body.mode).toBe(mode);
    expect(answer.body.bytes).toBe(Buffer.byteLength(answer.body.html));
    expect(Object.keys(answer.body.chunks).sort()).toEqual(['body', 'css', 'fonts', 'js']);
    expect(answer.body.design).toEqual(exampleDesign(mode));
    if (mode === 'email') expect(answer.body.chunks.js).toBe('');
  });

  it('merges values escaped for HTML, plain in the text, and lists the tags left', async () => {
    const { testKey } = newProject('email');
    const hostile = '<script>alert(1)</script>"\'{{contact.x}}';
    const answer = await call('POST', '/embed/v1/render', {
      bearer: testKey,
      body: { doc: exampleDesign('email'), merge: { contact: { first_name: hostile } } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.html).not.toContain('<script>alert(1)</script>');
    expect(answer.body.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(answer.body.text).toContain(hostile);
    expect(answer.body.mergeTags).toEqual(expect.arrayContaining(['{{unsubscribe_url}}', '{{preferences_url}}']));
    expect(answer.body.mergeTags).not.toContain('{{contact.first_name}}');
    expect(answer.body.mergeTags).not.toContain('{{contact.x}}');

    const filled = await call('POST', '/embed/v1/render', {
      bearer: testKey,
      body: { doc: exampleDesign('email'), merge: { unsubscribeUrl: 'https://x.example/u?a=1&b=2', preferencesUrl: 'mailto:prefs@x.example' } },
    });
    expect(filled.body.mergeTags).not.toContain('{{unsubscribe_url}}');
    expect(filled.body.html).toContain('https://x.example/u?a=1&amp;b=2');
  });

  it('leaves out an address that merge values make script-capable, in the HTML and the text, and says so', async () => {
    const { testKey } = newProject('email');
    const doc = exampleDesign('email');
    doc.body.rows[1].columns[0].blocks.push(
      { type: 'button', text: 'Visit', href: '{{contact.scheme}}{{contact.rest}}' },
      { type: 'html', html: '<a href=" {{contact.scheme}}{{contact.rest}}">raw</a>' },
    );
    const merge = { contact: { scheme: 'java', rest: 'script:alert(document.cookie)' } };
    const answer = await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc, merge } });
    expect(answer.status).toBe(200);
    expect(answer.body.html).not.toMatch(/script:alert/);
    expect(answer.body.text).not.toMatch(/script:alert/);
    expect(answer.body.html).toContain('>Visit</a>');
    expect(answer.body.warnings).toContain(
      'The address {{contact.scheme}}{{contact.rest}} is not an http(s), mailto or tel address once its merge tags are filled in, so it was left out of the link or image it was for.',
    );
  });

  it('keeps an inline image inline and says so in warnings', async () => {
    const { testKey } = newProject('email');
    const doc = exampleDesign('email');
    const pixel = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const json = JSON.stringify(doc).replace(/"src":"https?:[^"]+"/, `"src":"${pixel}"`);
    const answer = await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc: JSON.parse(json) } });
    expect(answer.status).toBe(200);
    expect(answer.body.html).toContain(pixel);
    expect(answer.body.warnings.join(' ')).toMatch(/inline/i);
  });

  it('renders raw HTML of <a href= and 99,990 spaces, which once kept the renderer busy until a 503', async () => {
    const { testKey } = newProject('email');
    const doc = exampleDesign('email');
    doc.body.rows[1].columns[0].blocks.push({ type: 'html', html: `<a href=${' '.repeat(99_990)}` });
    const answer = await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc } });
    // Rendered, or refused in the spec's shape by a limit of the render's own; never a 5xx
    // (the sanitizer's backtracking pattern made it a 503 after 12 s).
    if (answer.status !== 200) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expectError(answer, answer.status, answer.body.code);
    }
  });

  it('warns with the same findings as the design checks the editor runs, clipping included', async () => {
    const { testKey } = newProject('email');
    const doc = exampleDesign('email');
    const hero = doc.body.rows[1].columns[0].blocks;
    hero[0].alt = ''; // an image without alt text
    hero.push(
      { type: 'heading', level: 4, content: [{ text: 'Skipped to level 4' }] },
      { type: 'text', content: [{ type: 'paragraph', content: [{ text: 'Pale words, {{first_name}}. ' }, { text: 'Click here', href: 'https://x.example' }] }], style: { color: '#aaaaaa' } },
      { type: 'button', text: 'Nowhere' },
      { type: 'html', html: `<p>${'Long text. '.repeat(8000)}</p>` },
    );
    const answer = await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc } });
    expect(answer.status).toBe(200);
    const findings = checkDesign(doc as DesignDocument, { htmlBytes: answer.body.bytes });
    expect(findings.map((finding) => finding.check)).toEqual(
      expect.arrayContaining(['image-alt', 'heading-order', 'contrast', 'link-text', 'link-address', 'dark-contrast', 'merge-tag', 'gmail-clipping']),
    );
    expect(answer.body.warnings).toEqual(findings.map((finding) => finding.message));
  });

  it('answers design_invalid naming the path for a document that is not a design', async () => {
    const { testKey } = newProject('email');
    const doc = exampleDesign('email');
    doc.body.rows[0].columns = 'three';
    const answer = expectError(await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc } }), 400, 'design_invalid');
    expect(answer.body.error).toMatch(/rows\[0\]\.columns/);
    expectError(await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc: { hello: 'world' } } }), 400, 'design_invalid');
  });

  it('answers 409 mode_unavailable for a design of another mode than the project', async () => {
    const { testKey } = newProject('email');
    expectError(await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc: exampleDesign('popup') } }), 409, 'mode_unavailable');
  });

  it('refuses unknown fields and malformed merge values with request_invalid naming the field', async () => {
    const { testKey } = newProject('email');
    const doc = exampleDesign('email');
    const cases: [unknown, RegExp][] = [
      [{ doc, extra: 1 }, /^extra /],
      [{ doc, merge: { contact: {}, other: 1 } }, /merge\.other/],
      [{ doc, merge: { contact: { first_name: 5 } } }, /merge\.contact/],
      [{ doc, merge: { contact: { ['k'.repeat(101)]: 'v' } } }, /merge\.contact/],
      [{ doc, merge: { contact: { k: 'v'.repeat(2001) } } }, /merge\.contact/],
      [{ doc, merge: { unsubscribeUrl: 'not a url' } }, /merge\.unsubscribeUrl/],
      [{ doc, merge: { preferencesUrl: `https://x.example/${'p'.repeat(2048)}` } }, /merge\.preferencesUrl/],
      [{ doc, text: { links: 'yes' } }, /text\.links/],
      [{ doc, designId: 'short' }, /designId/],
      [{ doc: [] }, /^doc /],
    ];
    for (const [body, message] of cases) {
      const answer = expectError(await call('POST', '/embed/v1/render', { bearer: testKey, body }), 400, 'request_invalid');
      expect(answer.body.error).toMatch(message);
    }
  });

  it('accepts merge values at their limits', async () => {
    const { testKey } = newProject('email');
    const merge = {
      contact: { ['k'.repeat(100)]: 'v'.repeat(2000), first_name: 'Ann' },
      unsubscribeUrl: `https://x.example/${'u'.repeat(2048 - 'https://x.example/'.length)}`,
    };
    expect((await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc: exampleDesign('email'), merge } })).status).toBe(200);
  });
});
