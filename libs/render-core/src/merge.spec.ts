import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { EmailDesign, PageDesign } from '@embed/design-document';
import { escapeHtml } from './html';
import { render } from './render';

const example = <T>(mode: string): T =>
  JSON.parse(readFileSync(path.resolve(__dirname, '../../../docs/examples/designs', `${mode}.json`), 'utf8'));

/** A small email whose every merge position is known. */
function email(text: string, href = 'https://shop.example/'): EmailDesign {
  return {
    schemaVersion: 1,
    mode: 'email',
    settings: { subject: 'Hi {{contact.first_name}}', preheader: 'For {{contact.first_name}} only' },
    body: {
      rows: [
        {
          columns: [
            {
              blocks: [
                { type: 'text', content: [{ type: 'paragraph', content: [{ text }] }] },
                { type: 'image', src: 'https://cdn.example/a.png', alt: 'Photo of {{contact.first_name}}', href },
                { type: 'text', content: [{ type: 'paragraph', content: [{ text: 'Leave', href: '{{unsubscribe_url}}' }] }] },
              ],
            },
          ],
        },
      ],
    },
  };
}

describe('merge', () => {
  it('fills contact fields and the two links in HTML, text, subject and preheader', () => {
    const result = render(email('Hello {{contact.first_name}}!'), {
      merge: { contact: { first_name: 'Ada' }, unsubscribeUrl: 'https://esp.example/u/1?a=1&b=2' },
    });
    expect(result.subject).toBe('Hi Ada');
    expect(result.preheader).toBe('For Ada only');
    expect(result.html).toContain('Hello Ada!');
    expect(result.html).toContain('alt="Photo of Ada"');
    expect(result.html).toContain('href="https://esp.example/u/1?a=1&amp;b=2"');
    expect(result.text).toContain('Hello Ada!');
    expect(result.text).toContain('Leave [https://esp.example/u/1?a=1&b=2]');
    expect(result.chunks.body).toContain('Hello Ada!');
    expect(result.mergeTags).toEqual([]);
  });

  it('keeps tags without a value as written and lists each once, in order of first appearance', () => {
    const result = render(email('Hello {{contact.first_name}}, {{ contact.city }} and {{contact.first_name}}'));
    expect(result.mergeTags).toEqual(['{{contact.first_name}}', '{{ contact.city }}', '{{unsubscribe_url}}']);
    expect(result.subject).toBe('Hi {{contact.first_name}}');
    expect(result.html).toContain('href="{{unsubscribe_url}}"');
    expect(result.text).toContain('Hello {{contact.first_name}}, {{ contact.city }} and {{contact.first_name}}');
  });

  it.each([
    ['<script>alert(1)</script>'],
    ['"><img src=x onerror=alert(1)>'],
    ["' onmouseover='alert(1)"],
    ['</title><script>alert(1)</script>'],
    ['<!--[if mso]><script>x()</script><![endif]-->'],
  ])('escapes the hostile value %j in HTML and keeps it plain in the text', (value) => {
    const result = render(email('Hello {{contact.first_name}}'), { merge: { contact: { first_name: value } } });
    const benign = render(email('Hello {{contact.first_name}}'), { merge: { contact: { first_name: 'Ada' } } });
    // No markup and no attribute came in: the value adds no <, " or ' of its own.
    for (const char of ['<', '"', "'"]) expect(result.html.split(char).length).toBe(benign.html.split(char).length);
    expect(result.html).toContain(`Hello ${escapeHtml(value)}`);
    expect(result.subject).toBe(`Hi ${value}`);
    expect(result.text).toContain(`Hello ${value}`);
  });

  it('never substitutes a value that looks like a tag again', () => {
    const result = render(email('Hello {{contact.first_name}}'), {
      merge: { contact: { first_name: '{{contact.secret}}', secret: 'leaked' }, unsubscribeUrl: '{{preferences_url}}', preferencesUrl: 'https://p.example' },
    });
    expect(result.html).toContain('Hello {{contact.secret}}');
    expect(result.html).not.toContain('leaked');
    expect(result.subject).toBe('Hi {{contact.secret}}');
    expect(result.text).not.toContain('leaked');
    expect(result.mergeTags).toEqual([]);
  });

  it('leaves out a value that would turn a link into javascript, and says so', () => {
    const result = render(email('x', '{{contact.site}}'), {
      merge: { contact: { site: 'javascript:alert(document.cookie)' }, unsubscribeUrl: ' JAVASCRIPT:alert(1)' },
    });
    expect(result.html).not.toMatch(/javascript:/i);
    expect(result.text).not.toMatch(/javascript:/i);
    expect(result.warnings).toContain(
      'The address {{contact.site}} is not an http(s), mailto or tel address once its merge tags are filled in, so it was left out of the link or image it was for.',
    );
    expect(result.warnings).toContain(
      'The address {{unsubscribe_url}} is not an http(s), mailto or tel address once its merge tags are filled in, so it was left out of the link or image it was for.',
    );
  });

  it('reads no inherited property as a contact field', () => {
    const result = render(email('{{contact.constructor}} {{contact.__proto__}} {{contact.toString}}'), { merge: { contact: {} } });
    expect(result.mergeTags).toEqual(['{{contact.first_name}}', '{{contact.constructor}}', '{{contact.__proto__}}', '{{contact.toString}}', '{{unsubscribe_url}}']);
  });

  it('does not let a design id break out of the popup script', () => {
    const popup = example<PageDesign>('popup');
    const result = render(popup, { designId: '</script><script>alert(1)</script>' });
    expect(result.html.match(/<script>/g)).toHaveLength(1);
    expect(result.chunks.js).toContain('\\u003c/script>');
    expect(result.html).toContain('data-design-id="&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });
});
