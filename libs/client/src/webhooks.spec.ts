import { signatureHeader } from '@embed/webhook-signing';
import { EmbedWebhookError } from './errors';
import { parseWebhook, verifyWebhook } from './webhooks';

const body = JSON.stringify({ id: 'dlv_1', type: 'design.saved', createdAt: '2026-11-22T08:00:00.000Z', projectId: 'prj_1', environment: 'test', data: { designId: 'D1', userId: 'u1', revision: 3 } });
const secret = 'whsec_current';
const now = () => Date.now() / 1000;

describe('verifyWebhook', () => {
  it('accepts the body as received, as text or bytes', () => {
    const header = signatureHeader(body, [secret], now());
    expect(verifyWebhook(body, header, secret)).toBe(true);
    expect(verifyWebhook(Buffer.from(body, 'utf8'), header, secret)).toBe(true);
    expect(verifyWebhook(new TextEncoder().encode(body), header, secret)).toBe(true);
  });

  it('refuses a changed body, a re-serialised one, another secret and a missing header', () => {
    const header = signatureHeader(body, [secret], now());
    expect(verifyWebhook(body.replace('"revision":3', '"revision":4'), header, secret)).toBe(false);
    expect(verifyWebhook(JSON.stringify(JSON.parse(body), null, 1), header, secret)).toBe(false);
    expect(verifyWebhook(body, header, 'whsec_other')).toBe(false);
    expect(verifyWebhook(body, undefined, secret)).toBe(false);
    expect(verifyWebhook(body, '', secret)).toBe(false);
  });

  it('refuses a time outside the tolerance, 5 minutes unless told', () => {
    const old = signatureHeader(body, [secret], now() - 400);
    expect(verifyWebhook(body, old, secret)).toBe(false);
    expect(verifyWebhook(body, old, secret, 600)).toBe(true);
    const future = signatureHeader(body, [secret], now() + 400);
    expect(verifyWebhook(body, future, secret)).toBe(false);
    expect(verifyWebhook(body, signatureHeader(body, [secret], now() - 200), secret)).toBe(true);
  });

  it('accepts either secret while the service signs with two during a rotation', () => {
    const header = signatureHeader(body, ['whsec_new', 'whsec_old'], now());
    expect(verifyWebhook(body, header, 'whsec_new')).toBe(true);
    expect(verifyWebhook(body, header, 'whsec_old')).toBe(true);
    expect(verifyWebhook(body, header, 'whsec_gone')).toBe(false);
  });

  it('takes several secrets of the receiver, any one matching', () => {
    const header = signatureHeader(body, ['whsec_new'], now());
    expect(verifyWebhook(body, header, ['whsec_old', 'whsec_new'])).toBe(true);
    expect(verifyWebhook(body, header, ['whsec_old'])).toBe(false);
    expect(verifyWebhook(body, header, [])).toBe(false);
  });
});

describe('parseWebhook', () => {
  it('returns the event, narrowed by its type', () => {
    const event = parseWebhook(body, signatureHeader(body, [secret], now()), secret);
    if (event.type !== 'design.saved') throw new Error(`unexpected ${event.type}`);
    expect(event.data.revision).toBe(3);
    expect(event.id).toBe('dlv_1');
  });

  it('throws EmbedWebhookError with a code when it does not verify', () => {
    const header = signatureHeader(body, [secret], now());
    expect(() => parseWebhook(`${body} `, header, secret)).toThrow(EmbedWebhookError);
    expect(() => parseWebhook(body, header, 'whsec_other')).toThrow(expect.objectContaining({ code: 'signature_invalid' }));
  });
});
