import { accessAllows } from './token-access';

describe('what a token allows', () => {
  it('lets an edit token do everything and a read token only read', () => {
    expect(accessAllows('edit', 'edit')).toBe(true);
    expect(accessAllows('edit', 'read')).toBe(true);
    expect(accessAllows('read', 'read')).toBe(true);
    expect(accessAllows('read', 'edit')).toBe(false);
  });

  it('refuses a read token on a handler that declares nothing (a route added without EditorEndpoint)', () => {
    expect(accessAllows('read', undefined as never)).toBe(false);
  });
});
