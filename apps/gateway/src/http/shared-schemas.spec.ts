import 'reflect-metadata';
import { CreateTokenDto } from '../embed/dto/create-token.dto';
import { ExportDto } from '../embed/dto/export.dto';
import { ApiError } from './api-error';
import { createValidationPipe } from './validation';

async function refusal(body: object, metatype: new () => object = ExportDto): Promise<string> {
  try {
    await createValidationPipe().transform(body, { type: 'body', metatype });
  } catch (error) {
    return (error as ApiError).message;
  }
  throw new Error('expected a refusal');
}

describe('a part a body shares with the messages', () => {
  const user = { id: 'u1' };

  it('is refused in the gateway words, the field named by its whole path', async () => {
    expect(await refusal({ user, merge: { contact: { first_name: 1 } } })).toBe('merge.contact.first_name must be string');
    expect(await refusal({ user, merge: { unsubscribeUrl: 'javascript:alert(1)' } })).toBe('merge.unsubscribeUrl must be an absolute http, https or mailto URI');
    expect(await refusal({ user, merge: { contact: { ['k'.repeat(101)]: 'v' } } })).toBe('merge.contact keys must NOT have more than 100 characters');
    expect(await refusal({ user: { id: 'u1', email: 'a@b.c' } })).toBe('user.email is not an allowed field');
    expect(await refusal({ user, text: { links: 'yes' } })).toBe('text.links must be boolean');
  });

  it('is refused when null, as any field a body may leave out', async () => {
    expect(await refusal({ user, merge: null })).toBe('merge must be object');
    expect(await refusal({ user, format: null })).toMatch(/^format must be one of/);
    expect(await refusal({ user, origin: 'https://app.example', ttl: null }, CreateTokenDto)).toBe('ttl must be an integer number');
  });

  it('lets a valid part through as it came', async () => {
    const merge = { contact: { first_name: 'Ada' }, unsubscribeUrl: 'mailto:stop@shop.example' };
    await expect(createValidationPipe().transform({ user, merge }, { type: 'body', metatype: ExportDto })).resolves.toMatchObject({ user, merge });
  });
});
