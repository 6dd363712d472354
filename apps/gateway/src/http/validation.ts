import { type ArgumentMetadata, ValidationPipe, type ValidationError } from '@nestjs/common';
import { ApiError } from './api-error';

/** "user.id must be a string": the first problem found, named by its path in the request. */
export function describeValidationErrors(errors: ValidationError[], parentPath = ''): string | null {
  for (const error of errors) {
    const path = parentPath ? `${parentPath}.${error.property}` : error.property;
    if (error.constraints) {
      // A wrong type says more than the range it would also break: report it first.
      const entries = Object.entries(error.constraints);
      const [kind, message] = entries.find(([name]) => name === 'whitelistValidation') ?? entries.find(([name]) => /^is[A-Z]/.test(name)) ?? entries[0];
      if (kind === 'whitelistValidation') return `${path} is not an allowed field`;
      // class-validator starts its messages with the bare property name; name the whole path instead.
      return message.startsWith(`${error.property} `) ? `${path}${message.slice(error.property.length)}` : `${path}: ${message}`;
    }
    const nested = describeValidationErrors(error.children ?? [], path);
    if (nested) return nested;
  }
  return null;
}

/** Refuses a missing body, or one that is not a JSON object, before its fields are looked at. */
class StrictValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && (value === null || typeof value !== 'object' || Array.isArray(value))) {
      throw new ApiError(400, 'request_invalid', 'the request body must be a JSON object (Content-Type: application/json)');
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
