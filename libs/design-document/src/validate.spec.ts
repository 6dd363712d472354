import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generatedFiles, VALIDATOR_FILE } from './definition/generated-files';
import { designDocumentJsonSchema } from './definition/json-schema';
import { modeMismatch, validateDesign } from './validate';
import type { DesignDocument, EmailDesign } from './types';

const repo = path.resolve(__dirname, '../../..');
const example = (mode: string) => JSON.parse(readFileSync(path.join(repo, 'docs/examples/designs', `${mode}.json`), 'utf8'));
const email = (): EmailDesign => example('email');
const errorsOf = (input: unknown) => {
  const result = validateDesign(input);
  return result.valid ? [] : result.errors;
};

describe('validateDesign', () => {
  it.each(['email', 'page', 'popup', 'document'])('accepts the %s example', (mode) => {
    expect(errorsOf(example(mode))).toEqual([]);
  });

  it('checks against the schema published in docs/, compiled by Ajv as the definition says (node tools/design-schema.mjs writes both)', () => {
    expect(JSON.parse(readFileSync(path.join(repo, 'docs/design-document.schema.json'), 'utf8'))).toEqual(designDocumentJsonSchema());
    const files = generatedFiles();
    expect(files.map((file) => file.path)).toEqual(['docs/design-document.schema.json', VALIDATOR_FILE]);
    for (const file of files) expect(readFileSync(path.join(repo, file.path), 'utf8')).toBe(file.text);
  });

  it('refuses what is not an object', () => {
    expect(errorsOf([])).toEqual(['$ must be a JSON object']);
    expect(errorsOf('{}')).toEqual(['$ must be a JSON object']);
  });

  it('refuses text the database cannot store in any string or field name, naming its path', () => {
    const doc = email() as any;
    doc.subject = 'Hello \u0000';
    expect(errorsOf(doc)).toEqual(['$.subject contains a NUL character (U+0000), which cannot be stored']);
    doc.subject = 'Hello';
    doc.body.rows[0].columns[0].blocks[0].alt = JSON.parse('"\\udc00 lone"');
    expect(errorsOf(doc)).toEqual(['$.body.rows[0].columns[0].blocks[0].alt contains an unpaired UTF-16 surrogate, which is not Unicode text']);
  });

  it('refuses a document nested too deeply, without walking it all', () => {
    const deep = JSON.parse(`{"mode":"email","extra":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    expect(errorsOf(deep)).toEqual([expect.stringMatching(/^\$\.extra(\[0\])+ is nested more than 32 levels deep$/)]);
  });

  it('names an unknown mode and a missing schemaVersion', () => {
    expect(errorsOf({ ...email(), mode: 'sms' })).toEqual(['$ has an unknown "mode": "sms"']);
    expect(errorsOf({ mode: 'email' })).toEqual(['$ lacks the required field "schemaVersion"']);
  });

  it('tells that another schema version is not read', () => {
    expect(errorsOf({ ...email(), schemaVersion: 2 })).toEqual([
      '$.schemaVersion must be 1: this service reads version 1 of the design document',
    ]);
  });

  it('names the path and reason of an unsafe link', () => {
    const doc = email();
    doc.body.rows[1].columns[0].blocks[3] = { type: 'button', text: 'Go', href: 'javascript:alert(1)' };
    expect(errorsOf(doc)).toEqual([
      '$.body.rows[1].columns[0].blocks[3].href is not an allowed address: only http(s), mailto:, tel:, #anchor, one starting with a merge tag like {{unsubscribe_url}}, or empty',
    ]);
  });

  it.each([
    ['https://example.com/a?b=c', true],
    ['mailto:hello@example.com', true],
    ['tel:+12075550134', true],
    ['{{unsubscribe_url}}', true],
    ['{{contact.profile_url}}?ref=mail', true],
    ['', true],
    ['javascript:alert(1)', false],
    ['data:text/html,<script>', false],
    ['//evil.example/x', false],
    ['https://example.com/"onmouseover="x', false],
    ['vbscript:msgbox', false],
  ])('link %j allowed: %s', (href, allowed) => {
    const doc = email();
    doc.body.rows[1].columns[0].blocks[3] = { type: 'button', text: 'Go', href };
    expect(validateDesign(doc).valid).toBe(allowed);
  });

  it('refuses unknown fields, unknown block types and CSS smuggled in a colour', () => {
    const doc = email() as unknown as { body: { rows: { columns: { blocks: unknown[] }[] }[] } };
    doc.body.rows[1].columns[0].blocks[0] = { type: 'image', src: 'https://x.example/a.png', onload: 'x' };
    expect(errorsOf(doc)).toEqual(['$.body.rows[1].columns[0].blocks[0] has a field this version does not know: "onload"']);
    doc.body.rows[1].columns[0].blocks[0] = { type: 'carousel' };
    expect(errorsOf(doc)).toEqual(['$.body.rows[1].columns[0].blocks[0] has an unknown "type": "carousel"']);
    doc.body.rows[1].columns[0].blocks[0] = { type: 'spacer', height: 10, style: { color: 'red;background:url(x)' } };
    expect(errorsOf(doc)[0]).toMatch(/^\$\.body\.rows\[1\]\.columns\[0\]\.blocks\[0\]/);
    doc.body.rows[1].columns[0].blocks[0] = { type: 'divider', style: { color: 'red;background:url(x)' } };
    expect(errorsOf(doc)).toEqual(['$.body.rows[1].columns[0].blocks[0].style.color must be a colour like #1a2b3c, #abc, #1a2b3c80 or transparent']);
  });

  it('limits counts and sizes', () => {
    const doc = email();
    doc.body.rows[0].columns = Array.from({ length: 5 }, () => ({ blocks: [] }));
    expect(errorsOf(doc)).toEqual(['$.body.rows[0].columns must NOT have more than 4 items']);
    const huge = email();
    huge.body.rows[1].columns[0].blocks = [{ type: 'html', html: 'x'.repeat(100_001) }];
    expect(errorsOf(huge)).toEqual(['$.body.rows[1].columns[0].blocks[0].html must NOT have more than 100000 characters']);
    const many = email();
    const row = many.body.rows[1];
    row.columns = [{ blocks: Array.from({ length: 50 }, () => ({ type: 'spacer' as const, height: 1 })) }];
    many.body.rows = Array.from({ length: 21 }, () => row);
    expect(errorsOf(many)).toEqual(['$.body has 1050 blocks, more than the 1000 allowed']);
  });

  it('keeps forms to pages and popups', () => {
    const doc = email();
    doc.body.rows[1].columns[0].blocks.push({ type: 'form', fields: [{ name: 'email', label: 'Email', kind: 'email' }], submitText: 'Go' });
    expect(errorsOf(doc)).toEqual(['$.body.rows[1].columns[0].blocks[4] is a form, which email designs cannot carry']);
  });

  it('checks the settings of the document\'s own mode', () => {
    const doc = { ...email(), settings: { title: 'A page title' } };
    expect(errorsOf(doc)).toEqual(['$.settings lacks the required field "subject"']);
  });
});

describe('modeMismatch', () => {
  it('tells a valid document of another mode apart', () => {
    const result = validateDesign(example('page'));
    expect(result.valid).toBe(true);
    const document = (result as { document: DesignDocument }).document;
    expect(modeMismatch(document, 'page')).toBeNull();
    expect(modeMismatch(document, 'email')).toBe('this is a page design and the project makes email designs');
    const email = (validateDesign(example('email')) as { document: DesignDocument }).document;
    expect(modeMismatch(email, 'page')).toBe('this is an email design and the project makes page designs');
  });
});

describe('phone overrides and hiding per device', () => {
  const withBlock = (block: Record<string, unknown>, row: Record<string, unknown> = {}) => ({
    ...email(),
    body: { rows: [{ ...row, columns: [{ blocks: [block] }] }] },
  });
  const heading = { type: 'heading', level: 1, content: [{ text: 'Hi' }] };

  it('takes the layout properties each type names, on rows and on blocks', () => {
    expect(errorsOf(withBlock({ ...heading, hideOn: 'desktop', phone: { padding: '4px', fontSize: 20, lineHeight: 1.1, textAlign: 'center' } }, { hideOn: 'mobile', phone: { padding: '0px', reverseColumns: true } }))).toEqual([]);
    expect(errorsOf(withBlock({ type: 'image', src: 'https://img.example/a.png', phone: { width: 120, align: 'right', padding: '0px' } }))).toEqual([]);
    expect(errorsOf(withBlock({ type: 'button', text: 'Go', phone: { fullWidth: true, fontSize: 14, align: 'center' } }))).toEqual([]);
    expect(errorsOf(withBlock({ type: 'spacer', height: 40, phone: { height: 10 } }))).toEqual([]);
  });

  it('refuses an override its type does not take, and a colour anywhere, naming the field', () => {
    expect(errorsOf(withBlock({ type: 'image', src: 'https://img.example/a.png', phone: { fontSize: 12 } })).join('\n')).toMatch(/phone.*fontSize/);
    expect(errorsOf(withBlock({ ...heading, phone: { color: '#ff0000' } })).join('\n')).toMatch(/phone.*color/);
    expect(errorsOf(withBlock(heading, { phone: { fontSize: 12 } })).join('\n')).toMatch(/phone.*fontSize/);
    expect(errorsOf(withBlock({ ...heading, hideOn: 'tablet' })).join('\n')).toMatch(/hideOn/);
  });

  it('publishes which properties can be overridden in the schema', () => {
    const defs = designDocumentJsonSchema().$defs as Record<string, { properties: Record<string, unknown> }>;
    expect(Object.keys(defs.textPhone.properties)).toEqual(['padding', 'fontSize', 'lineHeight', 'textAlign']);
    expect(Object.keys(defs.rowPhone.properties)).toEqual(['padding', 'reverseColumns']);
    expect(defs.imageBlock.properties.phone).toEqual({ $ref: '#/$defs/imagePhone' });
    expect(defs.buttonBlock.properties.hideOn).toEqual({ $ref: '#/$defs/hideOn' });
  });
});
