import { createHmac } from 'node:crypto';
import { signatureHeader, verifyWebhook } from './signature';

const body = '{"id":"dlv_1","type":"ping"}';
const secret = 'whsec_abc';
const now = 1_700_000_000;

describe('signatureHeader', () => {
  it('is t= then the hex HMAC-SHA256 of "<t>.<body>" keyed with the secret as UTF-8', () => {
    const expected = createHmac('sha256', secret).update(`${now}.${body}`).digest('hex');
    expect(signatureHeader(body, [secret], now + 0.9)).toBe(`t=${now},v1=${expected}`);
  });

  it('carries one v1= per secret during a rotation, each verifiable on its own', () => {
    const header = signatureHeader(body, ['whsec_new', 'whsec_old'], now);
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verifyWebhook(body, header, 'whsec_new', 300, now)).toBe(true);
    expect(verifyWebhook(body, header, 'whsec_old', 300, now)).toBe(true);
    expect(verifyWebhook(body, header, 'whsec_other', 300, now)).toBe(false);
  });
});

describe('verifyWebhook', () => {
  const header = signatureHeader(body, [secret], now);

  it('accepts the exact body within the tolerance', () => {
    expect(verifyWebhook(body, header, secret, 300, now + 300)).toBe(true);
    expect(verifyWebhook(body, header, secret, 300, now - 300)).toBe(true);
  });

  it('refuses a changed body, an old or future timestamp and a malformed header', () => {
    expect(verifyWebhook(`${body} `, header, secret, 300, now)).toBe(false);
    expect(verifyWebhook(body, header, secret, 300, now + 301)).toBe(false);
    expect(verifyWebhook(body, header, secret, 300, now - 301)).toBe(false);
    expect(verifyWebhook(body, header.replace(/^t=\d+/, `t=${now + 1}`), secret, 300, now)).toBe(false);
    expect(verifyWebhook(body, 'v1=abc', secret, 300, now)).toBe(false);
    expect(verifyWebhook(body, '', secret, 300, now)).toBe(false);
  });

  it('keys with the characters of the secret, not a decoding of them', () => {
    const unicode = 'whsec_é';
    const expected = createHmac('sha256', Buffer.from(unicode, 'utf8')).update(`${now}.${body}`).digest('hex');
    expect(verifyWebhook(body, `t=${now},v1=${expected}`, unicode, 300, now)).toBe(true);
  });
});
