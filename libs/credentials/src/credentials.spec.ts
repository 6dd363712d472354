import { hashSecret, isEditorTokenShaped, newEditorToken, newSecretKey, newWebhookSecret, secretKeyEnvironment, secretMatchesHash } from './credentials';

describe('credentials', () => {
  it('makes secret keys that carry their environment and never repeat', () => {
    const test = newSecretKey('test');
    const live = newSecretKey('live');
    expect(secretKeyEnvironment(test)).toBe('test');
    expect(secretKeyEnvironment(live)).toBe('live');
    expect(newSecretKey('test')).not.toBe(test);
  });

  it('rejects strings that are not secret keys', () => {
    for (const value of ['', 'sk_test_', 'sk_prod_' + 'a'.repeat(43), newWebhookSecret(), newEditorToken(), `${newSecretKey('test')}x`]) {
      expect(secretKeyEnvironment(value)).toBeNull();
    }
  });

  it('tells editor tokens by their shape alone', () => {
    expect(isEditorTokenShaped(newEditorToken())).toBe(true);
    for (const value of ['', 'et_', 'et_x', `${newEditorToken()}x`, `${newEditorToken()}\n`, newSecretKey('test'), newWebhookSecret(), 'et_' + '.'.repeat(43)]) {
      expect(isEditorTokenShaped(value)).toBe(false);
    }
  });

  it('hashes deterministically and compares against the stored hash', () => {
    const secret = newSecretKey('live');
    const stored = hashSecret(secret);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(secret.slice(8));
    expect(secretMatchesHash(secret, stored)).toBe(true);
    expect(secretMatchesHash(newSecretKey('live'), stored)).toBe(false);
  });

  it('prefixes webhook secrets and tokens so that they are recognisable in a leak scan', () => {
    expect(newWebhookSecret()).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newEditorToken()).toMatch(/^et_[A-Za-z0-9_-]{43}$/);
  });
});
