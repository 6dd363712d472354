import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Length, Max, ValidateNested } from 'class-validator';
import { ApiError } from './api-error';
import { createValidationPipe } from './validation';

class User {
  @IsString() @Length(1, 256) id: string;
}
class Body {
  @ValidateNested() @Type(() => User) user: User;
  @IsOptional() @IsInt() @Max(900) ttl?: number;
}

async function problem(value: unknown): Promise<ApiError> {
  try {
    await createValidationPipe().transform(value, { type: 'body', metatype: Body });
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

  it('never coerces types', async () => {
    expect((await problem({ user: { id: 'u1' }, ttl: '600' })).message).toBe('ttl must be an integer number');
  });

  it('refuses a body that is not an object', async () => {
    expect((await problem([1, 2])).message).toMatch(/must be a JSON object/);
    expect((await problem(undefined)).message).toMatch(/must be a JSON object/);
  });

  it('lets a valid body through', async () => {
    await expect(createValidationPipe().transform({ user: { id: 'u1' }, ttl: 60 }, { type: 'body', metatype: Body })).resolves.toMatchObject({ ttl: 60 });
  });
});
