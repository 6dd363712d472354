import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { EditorSession } from '@embed/contracts';
import type { KeyContext } from '@embed/data-access';

/** What the guards learn about a request, kept on it for the handlers. */
export interface AuthenticatedRequest extends FastifyRequest {
  key?: KeyContext;
  session?: EditorSession;
  /** The site of the editor token the request carried, once the designs service has found it (even to refuse it). */
  tokenOrigin?: string;
}

/** The secret key's context of a server-API request (set by SecretKeyGuard). */
export const Key = createParamDecorator((_data: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<AuthenticatedRequest>().key);

/** The editor token's session of an editor-API request (set by EditorTokenGuard). */
export const Session = createParamDecorator((_data: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<AuthenticatedRequest>().session);
