import { type ArgumentMetadata, ValidationPipe, type ValidationError } from '@nestjs/common';
import { findJsonFault, formatJsonPath, type JsonFault, type JsonPath } from '@embed/storable-json';
import { ApiError } from './api-error';

/**
 * The body field that carries a design document, in every request that has one (render,
 * the editor's create and save). A fault inside it makes the document not a design.
 */
const DESIGN_DOCUMENT_FIELD = 'doc';

/** Whether the input is a body whose DTO declares the design document: in any other, `doc` is just a field it does not take. */
const carriesDesign = ({ type, metatype }: ArgumentMetadata) =>
  type === 'body' && metatype !== undefined && Reflect.getMetadata('design:type', metatype.prototype, DESIGN_DOCUMENT_FIELD) !== undefined;

/** "user.id must be a string": the first problem found, named by its path in the request. */
export function describeValidationErrors(errors: ValidationError[], parentPath = ''): string | null {
  for (const error of errors) {
    const path = parentPath ? `${parentPath}.${error.property}` : error.property;
    if (error.constraints) {
      // A wrong type says more than the range it would also break: report it first.
      const entries = Object.entries(error.constraints);
      const [kind, message] = entries.find(([name]) => name === 'whitelistValidation') ?? entries.find(([name]) => /^is[A-Z]/.test(name)) ?? entries[0];
      if (kind === 'whitelistValidation') return `${path} is not an allowed field`;
      // class-validator starts its messages with the bare property name (a shared part's, with the path inside it); name the whole path instead.
      const named = message.startsWith(`${error.property} `) || message.startsWith(`${error.property}.`);
      return named ? `${path}${message.slice(error.property.length)}` : `${path}: ${message}`;
    }
    const nested = describeValidationErrors(error.children ?? [], path);
    if (nested) return nested;
  }
  return null;
}

/**
 * Names class-transformer leaves out of what it builds, to keep prototypes safe: a field
 * so named would pass unseen by the rules that refuse unknown fields, and be lost.
 */
const DROPPED_NAMES = new Set(['constructor', '__proto__']);

/**
 * The path of the first field named as class-transformer drops it, at any depth, or null.
 * A body's design document is left to the design-document check, which reads it whole.
 */
export function findDroppedField(value: unknown, metadata: ArgumentMetadata, path: JsonPath = []): JsonPath | null {
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (path.length === 0 && key === DESIGN_DOCUMENT_FIELD && carriesDesign(metadata)) continue;
    const innerPath = [...path, Array.isArray(value) ? Number(key) : key];
    if (!Array.isArray(value) && DROPPED_NAMES.has(key)) return innerPath;
    const found = findDroppedField(inner, metadata, innerPath);
    if (found) return found;
  }
  return null;
}

/** 400 for input no service may take, named as the fields' own errors are. */
function faultError(fault: JsonFault, metadata: ArgumentMetadata): ApiError {
  const [field, ...inside] = fault.path;
  if (field === DESIGN_DOCUMENT_FIELD && carriesDesign(metadata)) {
    // Worded as the design-document validator words it (the services run the same check).
    return new ApiError(400, 'design_invalid', `doc is not a design: ${formatJsonPath('$', inside)} ${fault.problem}`);
  }
  const name = formatJsonPath(metadata.data ?? '', fault.path) || (metadata.type === 'body' ? 'the request body' : `the ${metadata.type}`);
  return new ApiError(400, 'request_invalid', `${name} ${fault.problem}`);
}

/**
 * Refuses a missing body, or one that is not a JSON object, before its fields are looked
 * at; and any body, path or query nested too deeply or holding text PostgreSQL cannot
 * store, before the recursive steps of validation walk it, or holding a field that
 * class-transformer would drop unseen.
 */
class StrictValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && (value === null || typeof value !== 'object' || Array.isArray(value))) {
      throw new ApiError(400, 'request_invalid', 'the request body must be a JSON object (Content-Type: application/json)');
    }
    if (metadata.type !== 'custom') {
      const fault = findJsonFault(value);
      if (fault) throw faultError(fault, metadata);
      const dropped = findDroppedField(value, metadata);
      if (dropped) throw new ApiError(400, 'request_invalid', `${formatJsonPath(metadata.data ?? '', dropped)} is not an allowed field`);
    }
    return super.transform(value, metadata);
  }
}

/**
 * Strict input: unknown fields are refused by name, types are never coerced (a
 * number sent as a string is wrong), and the answer is 400 request_invalid.
 */
export function createValidationPipe(): ValidationPipe {
  return new StrictValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) =>
      new ApiError(400, 'request_invalid', describeValidationErrors(errors) ?? 'the request body must be a JSON object'),
  });
}
