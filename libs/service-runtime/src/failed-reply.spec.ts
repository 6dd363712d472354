import { ErrorCode, NatsError } from 'nats';
import { isPayloadTooLarge, replyInsteadOf } from './failed-reply';

describe('replyInsteadOf', () => {
  const tooLarge = NatsError.errorForCode(ErrorCode.MaxPayloadExceeded);

  it('answers an answer too large for NATS with a 400 naming the limit', () => {
    expect(isPayloadTooLarge(tooLarge)).toBe(true);
    expect(replyInsteadOf(tooLarge, 8 * 1024 * 1024)).toEqual({
      ok: false,
      error: {
        status: 400,
        code: 'request_invalid',
        message: 'the answer would be larger than the 8 MB limit of one answer: send a smaller design or shorter merge values',
      },
    });
    expect(replyInsteadOf(tooLarge, 1024 * 1024 + 512 * 1024)).toMatchObject({ error: { message: expect.stringContaining('1.5 MB') } });
  });

  it('answers any other failure to reply as an internal error, without its detail', () => {
    const reply = replyInsteadOf(new TypeError('Do not know how to serialize a BigInt'), 8 * 1024 * 1024);
    expect(reply).toEqual({ ok: false, error: { status: 500, code: 'internal_error', message: 'the answer could not be sent' } });
    expect(isPayloadTooLarge(new Error('MAX_PAYLOAD_EXCEEDED'))).toBe(false);
  });
});
