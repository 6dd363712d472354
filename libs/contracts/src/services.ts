/** The back-end services that listen on NATS; each name is also its queue group. */
export const BACKEND_SERVICES = ['designs', 'renderer', 'erasure', 'webhook-dispatcher'] as const;
export type BackendService = (typeof BACKEND_SERVICES)[number];
