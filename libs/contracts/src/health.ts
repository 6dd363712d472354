import type { BackendService } from './services';

/** Request-reply subject every replica of a service answers, for readiness checks. */
export const pingSubject = (service: BackendService) => `${service}.ping.v1`;

export interface PingReply {
  service: BackendService;
  instanceId: string;
  uptimeSeconds: number;
}
