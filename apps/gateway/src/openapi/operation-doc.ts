import { SetMetadata } from '@nestjs/common';
import type { ErrorCode, HttpAnswerName } from '@embed/contracts';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;
/** The codes an operation can answer, by HTTP status. */
export type ErrorAnswers = Partial<Record<ErrorStatus, ErrorCode[]>>;
export type SecurityScheme = 'secretKey' | 'editorToken';

export interface OperationDoc {
  operationId: string;
  summary: string;
  /** Success answers by status: the name of an answer of the registry (HTTP_ANSWERS, libs/contracts/src/http-answers.ts), or null for no body (a redirect has none). */
  answers: Partial<Record<200 | 201 | 202 | 204 | 308, HttpAnswerName | null>>;
  errors?: ErrorAnswers;
  /** A body that is not a validated JSON DTO (an image upload): its media types. */
  rawBody?: { mediaTypes: string[]; maxBytes: number };
  /** The name and meaning of a route's `*`, which OpenAPI can only show as one parameter. */
  wildcard?: { name: string; description: string };
  /** Success answers that are files, not JSON: their media types. */
  fileTypes?: string[];
}

const OPERATION = 'openapi:operation';
const ERRORS = 'openapi:errors';
const SECURITY = 'openapi:security';

/** The OpenAPI description of one route; a route without it stops the document from being made. */
export const ApiOperation = (doc: OperationDoc) => SetMetadata(OPERATION, doc);

/** Which credential the route takes (set beside the guard that checks it). */
export const ApiSecurity = (scheme: SecurityScheme) => SetMetadata(SECURITY, scheme);

/**
 * Error answers of a route, added to those already declared: the guards and the
 * handler each declare their own, so that the document says what the code raises.
 */
export const ApiErrors =
  (errors: ErrorAnswers): MethodDecorator =>
  (_target, _key, descriptor) => {
    const handler = descriptor.value as object;
    Reflect.defineMetadata(ERRORS, mergeErrors(Reflect.getMetadata(ERRORS, handler) ?? {}, errors), handler);
    return descriptor;
  };

export function mergeErrors(...all: ErrorAnswers[]): ErrorAnswers {
  const merged: ErrorAnswers = {};
  for (const errors of all) {
    for (const [status, codes] of Object.entries(errors) as [`${ErrorStatus}`, ErrorCode[]][]) {
      merged[Number(status) as ErrorStatus] = [...new Set([...(merged[Number(status) as ErrorStatus] ?? []), ...codes])];
    }
  }
  return merged;
}

export interface HandlerDocs {
  operation?: OperationDoc;
  errors: ErrorAnswers;
  security?: SecurityScheme;
}

export const docsOf = (handler: object): HandlerDocs => ({
  operation: Reflect.getMetadata(OPERATION, handler),
  errors: Reflect.getMetadata(ERRORS, handler) ?? {},
  security: Reflect.getMetadata(SECURITY, handler),
});
