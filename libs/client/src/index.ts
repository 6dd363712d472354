export { EmbedClient, type EmbedClientOptions } from './client';
export { type ApiErrorCode, EmbedApiError, EmbedConnectionError, EmbedWebhookError } from './errors';
export type { RetryEvent } from './transport';
export * from './types';
export { DEFAULT_TOLERANCE_SECONDS, parseWebhook, type RawBody, SIGNATURE_HEADER, verifyWebhook, type WebhookEvent, type WebhookEventData } from './webhooks';
export { CLIENT_VERSION } from './version';
