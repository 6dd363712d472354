import { isPublicAddress, resolvedAddressProblem, webhookUrlProblem } from './url-safety';

const production = { allowPrivate: false };
const local = { allowPrivate: true };

describe('isPublicAddress', () => {
  it.each(['93.184.216.34', '8.8.8.8', '2606:2800:220:1:248:1893:25c8:1946'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    '127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'not-an-ip',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('webhookUrlProblem', () => {
  it('wants https in production and allows http locally', () => {
    expect(webhookUrlProblem('https://hooks.example.com/in', production)).toBeNull();
    expect(webhookUrlProblem('http://hooks.example.com/in', production)).toBe('must use https');
    expect(webhookUrlProblem('http://127.0.0.1:4000/in', local)).toBeNull();
  });

  it('refuses what is not an http(s) URL, and credentials in it', () => {
    expect(webhookUrlProblem('ftp://example.com', local)).toBe('must use https');
    expect(webhookUrlProblem('nope', local)).toBe('must be an absolute URL');
    expect(webhookUrlProblem('https://user:pw@example.com', production)).toMatch(/user name/);
  });
});

describe('resolvedAddressProblem', () => {
  it('refuses a host with any non-public address in production', () => {
    expect(resolvedAddressProblem('a.example', ['93.184.216.34'], production)).toBeNull();
    expect(resolvedAddressProblem('a.example', ['93.184.216.34', '10.0.0.5'], production)).toMatch(/10\.0\.0\.5/);
    expect(resolvedAddressProblem('a.example', [], production)).toMatch(/no address/);
  });

  it('allows loopback locally', () => {
    expect(resolvedAddressProblem('localhost', ['127.0.0.1'], local)).toBeNull();
  });
});
