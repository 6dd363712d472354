import { CreateTokenBodySchema, ExportBodySchema, ListQuerySchema, RenderBodySchema, RevisionParamsSchema, UserParamsSchema } from '@embed/contracts';
import type { TSchema } from '@sinclair/typebox';
import type { ApiError } from './api-error';
import { type InputKind, InputPipe } from './inputs';

function problem(value: unknown, schema: TSchema = CreateTokenBodySchema, kind: InputKind = 'body'): ApiError {
  try {
    new InputPipe(schema, kind).transform(value);
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected a refusal');
}

const user = { id: 'u1' };
const token = { user, origin: 'https://app.example' };

describe('an HTTP input checked by its schema of the registry', () => {
  it('names nested fields by their path', () => {
    expect(problem({ ...token, user: { id: '' } })).toMatchObject({ status: 400, code: 'request_invalid', message: 'user.id must NOT have fewer than 1 characters' });
    expect(problem({ user, merge: { contact: { first_name: 1 } } }, ExportBodySchema).message).toBe('merge.contact.first_name must be string');
    expect(problem({ user, merge: { unsubscribeUrl: 'javascript:alert(1)' } }, ExportBodySchema).message).toBe('merge.unsubscribeUrl must be an absolute http, https or mailto URI');
    expect(problem({ user, merge: { contact: { ['k'.repeat(101)]: 'v' } } }, ExportBodySchema).message).toBe('merge.contact keys must NOT have more than 100 characters');
    expect(problem({ user, text: { links: 'yes' } }, ExportBodySchema).message).toBe('text.links must be boolean');
  });

  it('says what a design id is, in a body and in a path, by the one rule of the registry', () => {
    expect(problem({ doc: {}, designId: 'x' }, RenderBodySchema).message).toBe('designId must be 26 letters and digits');
    expect(problem({ id: '01HZX3N4Q8M2V7T5R9K6J1D0E-', revision: '1' }, RevisionParamsSchema, 'path').message).toBe('id must be 26 letters and digits');
  });

  it('refuses a field that is not listed, by name, even nested', () => {
    expect(problem({ ...token, colour: 'red' }).message).toBe('colour is not an allowed field');
    expect(problem({ ...token, user: { id: 'u1', email: 'a@b.c' } }).message).toBe('user.email is not an allowed field');
    expect(problem({ cursor: 'c', sort: 'x' }, ListQuerySchema, 'query').message).toBe('sort is not an allowed field');
  });

  it('refuses a field named as a prototype’s, wherever a request names its own fields, the design document aside', () => {
    expect(problem(JSON.parse('{"user":{"id":"u1"},"origin":"https://app.example","constructor":{}}')).message).toBe('constructor is not an allowed field');
    expect(problem(JSON.parse('{"user":{"id":"u1","__proto__":{"id":"x"}},"origin":"https://app.example"}')).message).toBe('user.__proto__ is not an allowed field');
    expect(problem({ user, merge: { contact: { constructor: 'x' } } }, ExportBodySchema).message).toBe('merge.contact.constructor is not an allowed field');
    expect(problem({ ...token, doc: JSON.parse('{"__proto__":{}}') }).message).toBe('doc.__proto__ is not an allowed field');
    expect(new InputPipe(RenderBodySchema, 'body').transform({ doc: JSON.parse('{"constructor":{}}') })).toEqual({ doc: { constructor: {} } });
  });

  it('is refused when null, as any field a body may leave out', () => {
    expect(problem({ user, merge: null }, ExportBodySchema).message).toBe('merge must be object');
    expect(problem({ user, format: null }, ExportBodySchema).message).toBe('format must be string');
    expect(problem({ ...token, ttl: null }).message).toBe('ttl must be integer');
  });

  it('never converts a body’s types; reads the numbers of a path or query from their text', () => {
    expect(problem({ ...token, ttl: '600' }).message).toBe('ttl must be integer');
    expect(new InputPipe(ListQuerySchema, 'query').transform({ limit: '20', cursor: 'c' })).toEqual({ limit: 20, cursor: 'c' });
    expect(new InputPipe(RevisionParamsSchema, 'path').transform({ id: '01HZX3N4Q8M2V7T5R9K6J1D0EA', revision: '3' })).toEqual({ id: '01HZX3N4Q8M2V7T5R9K6J1D0EA', revision: 3 });
    expect(problem({ limit: 'ten' }, ListQuerySchema, 'query').message).toBe('limit must be integer');
    expect(problem({ limit: '0' }, ListQuerySchema, 'query').message).toBe('limit must be >= 1');
  });

  it('refuses a body that is not an object', () => {
    expect(problem([1, 2]).message).toMatch(/must be a JSON object/);
    expect(problem(undefined).message).toMatch(/must be a JSON object/);
  });

  it('refuses text PostgreSQL cannot store anywhere in a body, path or query, naming the field', () => {
    expect(problem({ ...token, user: { id: 'a\u0000' } })).toMatchObject({ code: 'request_invalid', message: 'user.id contains a NUL character (U+0000), which cannot be stored' });
    expect(problem(JSON.parse('{"user":{"id":"\\ud800"},"origin":"https://app.example"}')).message).toBe('user.id contains an unpaired UTF-16 surrogate, which is not Unicode text');
    expect(problem({ userId: 'a\u0000' }, UserParamsSchema, 'path').message).toMatch(/^userId contains a NUL/);
    expect(problem({ cursor: '\udfff' }, ListQuerySchema, 'query').message).toMatch(/^cursor contains an unpaired/);
  });

  it('answers a fault inside a design document as design_invalid, named by its path in the document', () => {
    const error = problem({ doc: { body: { rows: [{ name: 'x\u0000' }] } } }, RenderBodySchema);
    expect(error).toMatchObject({ status: 400, code: 'design_invalid', message: 'doc is not a design: $.body.rows[0].name contains a NUL character (U+0000), which cannot be stored' });
  });

  it('refuses a deeply nested body before the check walks it', () => {
    const deep = JSON.parse(`{"user":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    expect(problem(deep)).toMatchObject({ status: 400, code: 'request_invalid', message: expect.stringMatching(/^user(\[0\])+ is nested more than 32 levels deep$/) });
    const deepDoc = JSON.parse(`{"doc":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`);
    expect(problem(deepDoc, RenderBodySchema)).toMatchObject({ code: 'design_invalid', message: expect.stringMatching(/^doc is not a design: \$(\.a)+ is nested more than 32 levels deep$/) });
  });

  it('treats `doc` as a design document only in a body that takes one: elsewhere it is a field like any other', () => {
    const deepDoc = JSON.parse(`{"user":{"id":"u1"},"doc":${'['.repeat(40)}${']'.repeat(40)}}`);
    expect(problem(deepDoc)).toMatchObject({ code: 'request_invalid', message: expect.stringMatching(/^doc(\[0\])+ is nested more than 32 levels deep$/) });
  });

  it('lets a valid input through as it came', () => {
    const merge = { contact: { first_name: 'Ada' }, unsubscribeUrl: 'mailto:stop@shop.example' };
    expect(new InputPipe(ExportBodySchema, 'body').transform({ user, merge })).toEqual({ user, merge });
    expect(new InputPipe(CreateTokenBodySchema, 'body').transform({ ...token, ttl: 60 })).toEqual({ ...token, ttl: 60 });
  });
});
