import { createHash } from 'node:crypto';
import { homePage, PAGE_CSP, PAGE_STYLE, referencePage, schemaText } from './reference-page';

const document = {
  openapi: '3.1.0',
  info: { title: 'Example <API>', version: '1.0.0', description: 'First `code`.\n\nSecond.' },
  servers: [{ url: 'https://embed.example.com' }],
  tags: [{ name: 'Server API', description: 'For servers.' }, { name: 'Webhooks', description: 'Sent.' }],
  paths: {
    '/embed/v1/users/{userId}': {
      delete: {
        operationId: 'eraseUser',
        summary: 'Erases a person.',
        tags: ['Server API'],
        security: [{ secretKey: [] }],
        parameters: [{ name: 'userId', in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 256 } }],
        responses: {
          202: { description: 'Erasing', content: { 'application/json': { schema: { $ref: '#/components/schemas/Erasing' }, examples: { Erasing: { summary: 'a real one', value: { status: 'erasing' } } } } } },
          409: { description: '`user_erased`', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error', properties: { code: { enum: ['user_erased'] } } } } } },
        },
      },
    },
  },
  webhooks: { ping: { post: { operationId: 'pingEvent', summary: '`ping`', tags: ['Webhooks'], responses: { '2XX': { description: 'ok' } } } } },
  components: {
    securitySchemes: { secretKey: { type: 'http', scheme: 'bearer', description: 'The key.' } },
    schemas: { Erasing: { type: 'object', properties: { status: { const: 'erasing' } }, required: ['status'] }, Error: { type: 'object', properties: { error: { type: 'string' } } } },
  },
};

describe('the API reference page', () => {
  const page = referencePage(document);

  it('shows every operation, webhook and schema with an anchor the contents link to', () => {
    for (const anchor of ['op-eraseUser', 'op-pingEvent', 'schema-Erasing', 'schema-Error', 'auth-secretKey']) {
      expect(page).toContain(`id="${anchor}"`);
    }
    expect(page).toContain('href="#op-eraseUser"');
    expect(page).toContain('<code>&#34;erasing&#34;</code>');
    expect(page).toContain('<a href="#schema-Error">Error</a> with <code>code</code> one of <code>&#34;user_erased&#34;</code>');
  });

  it('escapes the document’s text and keeps its examples', () => {
    expect(page).toContain('Example &#60;API&#62;');
    expect(page).not.toContain('Example <API>');
    expect(page).toContain('<p>First <code>code</code>.</p><p>Second.</p>');
    expect(page).toContain('Example: a real one');
  });

  it('loads nothing: no script, no outside address, one inline style the policy names by its hash', () => {
    for (const html of [page, homePage({ title: 'T', baseUrl: 'https://embed.example.com', referencePath: '/embed/v1/docs', openApiPath: '/embed/v1/openapi.json' })]) {
      expect(html).not.toMatch(/<script|<link|<img|<iframe|src=|@import|url\(/i);
      expect(html).not.toMatch(/href="(?!#|\/)/);
      expect(html).toContain(`<style>${PAGE_STYLE}</style>`);
    }
    expect(PAGE_CSP).toContain(`style-src 'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'`);
    expect(PAGE_CSP).toMatch(/^default-src 'none'/);
  });

  it('links the editor demo from the home page only when there is one', () => {
    const links = { title: 'T', baseUrl: 'http://127.0.0.1:3000', referencePath: '/embed/v1/docs', openApiPath: '/embed/v1/openapi.json' };
    expect(homePage(links)).not.toContain('Editor demo');
    expect(homePage({ ...links, editorDemoUrl: 'http://localhost:8080' })).toContain('<a href="http://localhost:8080">Editor demo</a>');
  });

  it('says a schema in words', () => {
    expect(schemaText({ type: ['string', 'null'], format: 'date-time' })).toBe('string or null, format date-time');
    expect(schemaText({ type: 'array', items: { $ref: '#/components/schemas/DesignSummary' } })).toBe('array of <a href="#schema-DesignSummary">DesignSummary</a>');
    expect(schemaText(false)).toBe('never present');
  });
});
