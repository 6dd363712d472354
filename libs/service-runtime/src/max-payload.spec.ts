import { base64Length, IMAGE_MAX_BYTES } from '@embed/contracts';
import { maxPayloadProblem, REQUIRED_MAX_PAYLOAD_BYTES } from './max-payload';

describe('maxPayloadProblem', () => {
  it('accepts a NATS that carries the largest render answer', () => {
    expect(maxPayloadProblem(REQUIRED_MAX_PAYLOAD_BYTES)).toBeNull();
    expect(maxPayloadProblem(64 * 1024 * 1024)).toBeNull();
  });

  it("names NATS's default of 1 MB, the size needed and the setting", () => {
    expect(maxPayloadProblem(1024 * 1024)).toBe(
      'NATS carries messages of up to 1048576 bytes; the services need 8388608 (set max_payload: 8MB in the NATS configuration, as deploy/nats/nats.conf does)',
    );
    expect(maxPayloadProblem(undefined)).toContain('up to an unknown number of bytes');
  });
});

describe('the NATS message size the services need', () => {
  it('carries the largest image upload, as base64 with its envelope and headers', () => {
    expect(base64Length(IMAGE_MAX_BYTES) + 64 * 1024).toBeLessThan(REQUIRED_MAX_PAYLOAD_BYTES);
  });
});
