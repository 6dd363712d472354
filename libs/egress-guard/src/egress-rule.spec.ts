import { PUBLIC_WEB, resolvedAddressProblem, urlProblem } from './egress-rule';

const webhooksInProduction = { allowPrivate: false, httpsOnly: true };
const local = { allowPrivate: true, httpsOnly: false };

describe('urlProblem', () => {
  it.each([
    ['file:///etc/passwd', 'must use http or https, not file:'],
    ['chrome://settings', 'must use http or https, not chrome:'],
    ['https://user:pw@example.com/x', 'must not carry a user name or password'],
    ['http://127.0.0.1/x', '127.0.0.1 is not a public address'],
    ['http://2130706433/x', '127.0.0.1 is not a public address'],
    ['http://0x7f.1/x', '127.0.0.1 is not a public address'],
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254 is not a public address'],
    ['http://[::1]/x', '::1 is not a public address'],
    ['http://[::ffff:10.0.0.1]/x', '::ffff:a00:1 is not a public address'],
    ['http://[64:ff9b::10.0.0.1]/x', '64:ff9b::a00:1 is not a public address'],
    ['http://[2002:a00:1::1]/x', '2002:a00:1::1 is not a public address'],
    ['http://[::10.0.0.1]/x', '::a00:1 is not a public address'],
  ])('refuses %s for the renderer', (address, problem) => {
    expect(urlProblem(new URL(address), PUBLIC_WEB)).toBe(problem);
  });

  it('lets public http(s) addresses through, by name or literal', () => {
    for (const address of ['https://93.184.216.34/logo.png', 'http://cdn.example.com/logo.png', 'https://[2606:2800:220:1::1]/x']) {
      expect(urlProblem(new URL(address), PUBLIC_WEB)).toBeNull();
    }
  });

  it('wants https for webhooks in production and lets local receivers use http on loopback', () => {
    expect(urlProblem(new URL('https://hooks.example.com/in'), webhooksInProduction)).toBeNull();
    expect(urlProblem(new URL('http://hooks.example.com/in'), webhooksInProduction)).toBe('must use https, not http:');
    expect(urlProblem(new URL('https://10.0.0.1/in'), webhooksInProduction)).toBe('10.0.0.1 is not a public address');
    expect(urlProblem(new URL('http://127.0.0.1:4000/in'), local)).toBeNull();
    expect(urlProblem(new URL('ftp://127.0.0.1/in'), local)).toBe('must use http or https, not ftp:');
  });
});

describe('resolvedAddressProblem', () => {
  it('refuses a host with any non-public address unless the rule allows private ones', () => {
    expect(resolvedAddressProblem('a.example', ['93.184.216.34'], PUBLIC_WEB)).toBeNull();
    expect(resolvedAddressProblem('a.example', ['93.184.216.34', '10.0.0.5'], PUBLIC_WEB)).toBe('a.example resolves to 10.0.0.5, which is not a public address');
    expect(resolvedAddressProblem('a.example', [], PUBLIC_WEB)).toBe('a.example resolves to no address');
    expect(resolvedAddressProblem('localhost', ['127.0.0.1'], local)).toBeNull();
  });
});
