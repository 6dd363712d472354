import { Body, Param, type PipeTransform, Query } from '@nestjs/common';
import type { TSchema } from '@sinclair/typebox';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import { describeRefusal, inputCheck, refusedField } from '@embed/contracts';
import { findJsonFault, formatJsonPath, type JsonFault, type JsonPath } from '@embed/storable-json';
import { ApiError } from './api-error';

/**
 * The body field that carries a design document, in every request that has one (render,
 * the editor's create and save). A fault inside it makes the document not a design.
 */
const DESIGN_DOCUMENT_FIELD = 'doc';

export type InputKind = 'body' | 'path' | 'query';

/**
 * Names that reach an object's prototype when code copies a field by assignment: refused
 * wherever a request may name a field of its own (a Merge's contact, a merge-tag map),
 * the design document aside, which the design-document check reads whole.
 */
const PROTOTYPE_NAMES = new Set(['constructor', '__proto__']);

/** The path of the first field named as PROTOTYPE_NAMES, at any depth, or null. */
function findPrototypeName(value: unknown, skipDocument: boolean, path: JsonPath = []): JsonPath | null {
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (path.length === 0 && key === DESIGN_DOCUMENT_FIELD && skipDocument) continue;
    const innerPath = [...path, Array.isArray(value) ? Number(key) : key];
    if (!Array.isArray(value) && PROTOTYPE_NAMES.has(key)) return innerPath;
    const found = findPrototypeName(inner, skipDocument, innerPath);
    if (found) return found;
  }
  return null;
}

/** "user.email is not an allowed field", "ttl must be integer": the first field the check refused. */
function refusal(error: ErrorObject | undefined): string {
  if (error?.keyword !== 'additionalProperties') return describeRefusal(error);
  return `${[refusedField(error), String(error.params['additionalProperty'])].filter(Boolean).join('.')} is not an allowed field`;
}

/**
 * Checks one input of a request (its JSON body, its path parameters or its query) with a
 * schema of the registry (libs/contracts/src/http-inputs.ts): strict, unknown fields refused
 * by name, and 400 request_invalid naming the first field refused. Path parameters and
 * query values arrive as text, so a number there is read as one (`?limit=20`); a body's
 * types are never converted. The OpenAPI document reads `schema` from the pipe, so that it
 * shows the rule the request is held to.
 */
export class InputPipe implements PipeTransform {
  private readonly check: ValidateFunction;
  /** A body with a design document: a fault inside it makes the document not a design (400 design_invalid). */
  private readonly carriesDesign: boolean;

  constructor(
    readonly schema: TSchema,
    readonly kind: InputKind,
  ) {
    this.check = inputCheck(schema, { readsText: kind !== 'body' });
    this.carriesDesign = kind === 'body' && Object.hasOwn((schema as { properties?: object }).properties ?? {}, DESIGN_DOCUMENT_FIELD);
  }

  transform(value: unknown): unknown {
    if (this.kind === 'body' && (value === null || typeof value !== 'object' || Array.isArray(value))) {
      throw new ApiError(400, 'request_invalid', 'the request body must be a JSON object (Content-Type: application/json)');
    }
    // Nested too deeply or holding text PostgreSQL cannot store: refused before the check walks it.
    const fault = findJsonFault(value);
    if (fault) throw this.faultError(fault);
    const named = findPrototypeName(value, this.carriesDesign);
    if (named) throw new ApiError(400, 'request_invalid', `${formatJsonPath('', named)} is not an allowed field`);
    if (!this.check(value)) throw new ApiError(400, 'request_invalid', refusal(this.check.errors?.[0]));
    return value;
  }

  /** 400 for input no service may take, named as the fields' own errors are. */
  private faultError(fault: JsonFault): ApiError {
    const [field, ...inside] = fault.path;
    if (field === DESIGN_DOCUMENT_FIELD && this.carriesDesign) {
      // Worded as the design-document validator words it (the services run the same check).
      return new ApiError(400, 'design_invalid', `doc is not a design: ${formatJsonPath('$', inside)} ${fault.problem}`);
    }
    const name = formatJsonPath('', fault.path) || (this.kind === 'body' ? 'the request body' : `the ${this.kind}`);
    return new ApiError(400, 'request_invalid', `${name} ${fault.problem}`);
  }
}

/** The request's JSON body, checked by `schema` (a body schema of libs/contracts/src/http-inputs.ts). */
export const BodyOf = (schema: TSchema) => Body(new InputPipe(schema, 'body'));
/** The route's path parameters, checked by `schema`. */
export const ParamsOf = (schema: TSchema) => Param(new InputPipe(schema, 'path'));
/** The request's query, checked by `schema`. */
export const QueryOf = (schema: TSchema) => Query(new InputPipe(schema, 'query'));
