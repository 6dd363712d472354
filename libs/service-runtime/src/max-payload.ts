/**
 * The largest NATS message the services must be able to send: a render answer carries the
 * HTML, its chunks and the design, about three times a document of up to 1 MiB. Every NATS
 * the system runs on is configured for it (deploy/nats/nats.conf).
 */
export const REQUIRED_MAX_PAYLOAD_BYTES = 8 * 1024 * 1024;

/** Why a NATS server announcing `maxPayload` cannot carry the system's messages, or null when it can. */
export function maxPayloadProblem(maxPayload: number | undefined): string | null {
  if (maxPayload !== undefined && maxPayload >= REQUIRED_MAX_PAYLOAD_BYTES) return null;
  return (
    `NATS carries messages of up to ${maxPayload ?? 'an unknown number of'} bytes; the services need ${REQUIRED_MAX_PAYLOAD_BYTES} ` +
    '(set max_payload: 8MB in the NATS configuration, as deploy/nats/nats.conf does)'
  );
}
