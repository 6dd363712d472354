export { DEFAULT_TOLERANCE_SECONDS, SIGNATURE_HEADER, signatureHeader, verifyWebhook } from './signature';
