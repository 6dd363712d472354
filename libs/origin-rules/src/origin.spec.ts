import { isLocalhostOrigin, normalizeOrigin, OriginError } from './origin';

describe('normalizeOrigin', () => {
  it.each([
    ['https://App.Example.com', 'https://app.example.com'],
    ['https://app.example.com:443', 'https://app.example.com'],
    ['http://app.example.com:80/', 'http://app.example.com'],
    ['https://app.example.com:8443/editor?x=1#top', 'https://app.example.com:8443'],
    ['  http://localhost:5173  ', 'http://localhost:5173'],
    ['http://[::1]:3000/path', 'http://[::1]:3000'],
  ])('reduces %s to %s', (input, expected) => {
    expect(normalizeOrigin(input)).toBe(expected);
  });

  it.each(['', 'app.example.com', 'ftp://example.com', 'javascript:alert(1)', 'file:///etc/passwd', 'https://user:pw@example.com'])(
    'refuses %j',
    (input) => {
      expect(() => normalizeOrigin(input)).toThrow(OriginError);
    },
  );
});

describe('isLocalhostOrigin', () => {
  it('knows localhost on any port, and nothing else', () => {
    expect(isLocalhostOrigin('http://localhost:5173')).toBe(true);
    expect(isLocalhostOrigin('https://127.0.0.1')).toBe(true);
    expect(isLocalhostOrigin('http://[::1]:8080')).toBe(true);
    expect(isLocalhostOrigin('https://localhost.example.com')).toBe(false);
    expect(isLocalhostOrigin('https://app.example.com')).toBe(false);
  });
});
