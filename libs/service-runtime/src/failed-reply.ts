import { ErrorCode as NatsErrorCode } from 'nats';
import { fail, type ServiceReply } from '@embed/contracts';

const MB = 1024 * 1024;

/** Whether a publish failed because the message was larger than the server's `max_payload`. */
export function isPayloadTooLarge(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === NatsErrorCode.MaxPayloadExceeded;
}

/**
 * The reply sent instead of one that could not be published. An answer too large for
 * NATS comes from a request too large to answer (a design whose merged HTML outgrows
 * the limit), so it is the caller's 400 naming the limit; any other failure is ours.
 */
export function replyInsteadOf(error: unknown, maxPayloadBytes: number | undefined): ServiceReply<never> {
  if (!isPayloadTooLarge(error)) return fail(500, 'internal_error', 'the answer could not be sent');
  const limit = maxPayloadBytes ? `the ${formatMegabytes(maxPayloadBytes)} MB limit of one answer` : 'the limit of one answer';
  return fail(400, 'request_invalid', `the answer would be larger than ${limit}: send a smaller design or shorter merge values`);
}

function formatMegabytes(bytes: number): string {
  return Number((bytes / MB).toFixed(1)).toString();
}
