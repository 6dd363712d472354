import { Type } from '@sinclair/typebox';
import { describing, OneOf, Strict } from './schema';
import { BACKEND_SERVICES, type BackendService } from './services';

/** Request-reply subject every replica of a service answers, for readiness checks. */
export const pingSubject = <S extends BackendService>(service: S) => `${service}.ping.v1` as const;

/** A ping carries nothing. */
export const PingRequestSchema = Strict({});

export interface PingReply {
  service: BackendService;
  instanceId: string;
  uptimeSeconds: number;
}
export const PingReplySchema = describing<PingReply>()(
  Strict({ service: OneOf(BACKEND_SERVICES), instanceId: Type.String(), uptimeSeconds: Type.Integer({ minimum: 0 }) }),
);
