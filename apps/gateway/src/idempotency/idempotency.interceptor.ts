import { type CallHandler, type ExecutionContext, Injectable, Logger, type NestInterceptor } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import { catchError, from, mergeMap, type Observable, of, throwError } from 'rxjs';
import { HOP_MARGIN_MS, LONGEST_BUDGET_MS, schemaCheck, UserIdSchema } from '@embed/contracts';
import { type IdempotencyClaim, IdempotencyRepository } from '@embed/data-access';
import { findJsonFault } from '@embed/storable-json';
import type { AuthenticatedRequest } from '../auth/authenticated-request';
import { ApiError } from '../http/api-error';
import { toApiError } from '../http/api-exception.filter';
import { IDEMPOTENCY_KEY_HEADER, REPLAYED_HEADER } from '../http/api-surface';
import { readImageBody } from '../http/image-bodies';
import {
  IDEMPOTENCY_KEEP_MS,
  idempotencyRecordId,
  type KeptAnswer,
  openAnswer,
  readIdempotencyKey,
  requestHash,
  sealAnswer,
} from './idempotency-key';

/**
 * A request holds its key for as long as any service may still commit for it: the
 * longest budget of a call, and the margin its answer takes to come back. A gateway
 * that stops meanwhile leaves the key to a retry once the hold has run out.
 */
const HOLD_MS = LONGEST_BUDGET_MS + HOP_MARGIN_MS;

/** The body is not validated yet: only an id validation would take names the person, and an indexed column holds no more. */
const isUserId = schemaCheck(UserIdSchema);

/** Whose keys a request's are, and the person its answer may be about (for erasure). */
function scopeOf(request: AuthenticatedRequest): { owner: string[]; claim: Pick<IdempotencyClaim, 'projectId' | 'environment' | 'userId'> } | undefined {
  if (request.session) {
    const { projectId, environment, userId } = request.session;
    return { owner: ['person', projectId, environment, userId], claim: { projectId, environment, userId } };
  }
  if (request.key) {
    const { projectId, environment } = request.key;
    const user = (request.body as { user?: { id?: unknown } } | undefined)?.user?.id;
    return { owner: ['key', projectId, environment], claim: { projectId, environment, userId: isUserId(user) ? (user as string) : null } };
  }
  return undefined;
}

/**
 * `Idempotency-Key` on every POST of the server and editor APIs (docs/server-api.md).
 * Runs after the guards (the key or token decides the scope; a 401, 403 or 429 is
 * never kept) and before validation (a 400 for the body is kept like any 4xx). The
 * first answer to a key is kept 24 hours and given again to the same request; a 5xx is
 * not kept, so a retry can still succeed. A key in use by a running request, or used
 * for another request, is answered 409 `idempotency_key_reused`.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');

  constructor(
    private readonly records: IdempotencyRepository,
    private readonly reflector: Reflector,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const scope = request.method === 'POST' ? scopeOf(request) : undefined;
    if (!scope) return next.handle();
    const read = readIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);
    if ('problem' in read) throw new ApiError(400, 'request_invalid', `${read.problem}.`);
    if (read.key === undefined) return next.handle();
    const key = read.key;
    // An image upload's bytes are still unread (see http/image-bodies): read them now to know what the key is for.
    if (request.body instanceof Readable) request.body = await readImageBody(request);
    // A body no service may take (nested past the limit: hashing it could overflow the stack) is refused by validation next, with nothing to keep.
    if (!Buffer.isBuffer(request.body) && findJsonFault(request.body)) return next.handle();
    const id = idempotencyRecordId(scope.owner, key);
    const hash = requestHash(request.method, request.url, request.body);
    const outcome = await this.records.claim({ id, ...scope.claim, requestHash: hash, holdMs: HOLD_MS, keepMs: IDEMPOTENCY_KEEP_MS });
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    switch (outcome.kind) {
      case 'reused':
        throw new ApiError(409, 'idempotency_key_reused', `This ${IDEMPOTENCY_KEY_HEADER} was used for another request (method, path or body) in the last 24 hours: send a new key with a new request.`);
      case 'running':
        void reply.header('Retry-After', '1');
        throw new ApiError(409, 'idempotency_key_reused', `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being processed: retry once it has been answered.`);
      case 'answered':
        void reply.header(REPLAYED_HEADER, 'true');
        return replay(openAnswer(outcome.answer, key, id));
      case 'claimed': {
        const status: number = this.reflector.get(HTTP_CODE_METADATA, context.getHandler()) ?? 201;
        const keep = (answer: KeptAnswer) => this.records.answer(id, hash, answer.status, sealAnswer(answer, key, id));
        // A 4xx is the answer to this request, kept like a success; a 5xx lets the key go, so that a retry does the work.
        const keepError = (error: unknown) => {
          const { status: errorStatus, code, message, details } = toApiError(error);
          return errorStatus < 500 ? keep({ status: errorStatus, error: { code, message, details } }) : this.records.release(id, hash);
        };
        return next.handle().pipe(
          mergeMap(async (body: unknown) => {
            await this.settle(() => keep({ status, body }));
            return body;
          }),
          catchError((error: unknown) => from(this.settle(() => keepError(error))).pipe(mergeMap(() => throwError(() => error)))),
        );
      }
    }
  }

  /** The answer stands even when keeping it fails: the key then stays held until its hold runs out. */
  private async settle(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.logger.error({ err: error }, 'could not keep the answer of an idempotent request');
    }
  }
}

function replay(answer: KeptAnswer): Observable<unknown> {
  if ('error' in answer) throw new ApiError(answer.status, answer.error.code as ApiError['code'], answer.error.message, answer.error.details);
  return of(answer.body);
}
