import 'reflect-metadata';
import type { ArgumentMetadata } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsInt, IsObject, IsOptional, IsString, Length, Max, ValidateNested } from 'class-validator';
import { ApiError } from './api-error';
import { createValidationPipe } from './validation';

class User {
  @IsString() @Length(1, 256) id: string;
}
class Body {
  @ValidateNested() @Type(() => User) user: User;
  @IsOptional() @IsInt() @Max(900) ttl?: number;
}

class DocBody {
  @IsObject() doc: Record<string, unknown>;
}

async function problem(value: unknown, metadata: ArgumentMetadata = { type: 'body', metatype: Body }): Promise<ApiError> {
  try {
    await createValidationPipe().transform(value, metadata);
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected a validation error');
}

describe('validation', () => {
  it('names nested fields by their path', async () => {
    const error = await problem({ user: { id: '' } });
    expect(error).toMatchObject({ status: 400, code: 'request_invalid' });
    expect(error.message).toBe('user.id must be longer than or equal to 1 characters');
  });

  it('refuses a field that is not listed, by name, even nested', async () => {
    expect((await problem({ user: { id: 'u1' }, colour: 'red' })).message).toBe('colour is not an allowed field');
    expect((await problem({ user: { id: 'u1', email: 'a@b.c' } })).message).toBe('user.email is not an allowed field');
  });

  it('refuses a field class-transformer would drop unseen, by its path', async () => {
    expect((await problem(JSON.parse('{"user":{"id":"u1"},"constructor":{}}'))).message).toBe('constructor is not an allowed field');
    expect((await problem(JSON.parse('{"user":{"id":"u1","__proto__":{"id":"x"}}}'))).message).toBe('user.__proto__ is not an allowed field');
    expect((await problem({ cursor: 'c', constructor: 'x' }, { type: 'query', metatype: Object })).message).toBe('constructor is not an allowed field');
  });

  it('never coerces types', async () => {
    expect((await problem({ user: { id: 'u1' }, ttl: '600' })).message).toBe('ttl must be an integer number');
  });

  it('refuses a body that is not an object', async () => {
    expect((await problem([1, 2])).message).toMatch(/must be a JSON object/);
    expect((await problem(undefined)).message).toMatch(/must be a JSON object/);
  });

  it('refuses text PostgreSQL cannot store anywhere in a body, path or query, naming the field', async () => {
    expect(await problem({ user: { id: 'a\u0000' } })).toMatchObject({ code: 'request_invalid', message: 'user.id contains a NUL character (U+0000), which cannot be stored' });
    expect((await problem(JSON.parse('{"user":{"id":"\\ud800"}}'))).message).toBe('user.id contains an unpaired UTF-16 surrogate, which is not Unicode text');
    expect((await problem({ userId: 'a\u0000' }, { type: 'param', metatype: Object })).message).toMatch(/^userId contains a NUL/);
    expect((await problem({ cursor: '\udfff' }, { type: 'query', metatype: Object })).message).toMatch(/^cursor contains an unpaired/);
  });

  it('answers a fault inside a design document as design_invalid, named by its path in the document', async () => {
    const error = await problem({ doc: { body: { rows: [{ name: 'x\u0000' }] } } }, { type: 'body', metatype: DocBody });
    expect(error).toMatchObject({ status: 400, code: 'design_invalid', message: 'doc is not a design: $.body.rows[0].name contains a NUL character (U+0000), which cannot be stored' });
  });

  it('refuses a deeply nested body before validation walks it', async () => {
    const deep = JSON.parse(`{"user":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    expect(await problem(deep)).toMatchObject({ status: 400, code: 'request_invalid', message: expect.stringMatching(/^user(\[0\])+ is nested more than 32 levels deep$/) });
    const deepDoc = JSON.parse(`{"doc":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`);
    expect(await problem(deepDoc, { type: 'body', metatype: DocBody })).toMatchObject({ code: 'design_invalid', message: expect.stringMatching(/^doc is not a design: \$(\.a)+ is nested more than 32 levels deep$/) });
  });

  it('treats `doc` as a design document only in a body that takes one: elsewhere it is a field like any other', async () => {
    const deepDoc = JSON.parse(`{"user":{"id":"u1"},"doc":${'['.repeat(40)}${']'.repeat(40)}}`);
    expect(await problem(deepDoc)).toMatchObject({ code: 'request_invalid', message: expect.stringMatching(/^doc(\[0\])+ is nested more than 32 levels deep$/) });
    expect(await problem(JSON.parse('{"user":{"id":"u1"},"doc":{"__proto__":{}}}'))).toMatchObject({ code: 'request_invalid', message: 'doc.__proto__ is not an allowed field' });
  });

  it('lets a valid body through', async () => {
    await expect(createValidationPipe().transform({ user: { id: 'u1' }, ttl: 60 }, { type: 'body', metatype: Body })).resolves.toMatchObject({ ttl: 60 });
  });
});
