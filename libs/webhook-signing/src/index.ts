export { DEFAULT_TOLERANCE_SECONDS, SIGNATURE_HEADER, signatureHeader, verifyWebhook } from './signature';
export { JITTER_FRACTION, MAX_ATTEMPTS, RETRY_DELAYS_MS, retryDelayMs } from './retry-schedule';
export { isPublicAddress, resolvedAddressProblem, type UrlSafetyRule, webhookUrlProblem } from './url-safety';
