import { IsBoolean, IsObject, IsOptional, IsString, MaxLength, registerDecorator, type ValidationOptions } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

const MERGE_URL_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/** An absolute http(s) or mailto URI: unsubscribe links may be either. */
function IsMergeUrl(options?: ValidationOptions) {
  return (object: object, propertyName: string) => {
    // The same rule for the OpenAPI document.
    JSONSchema({ format: 'uri', description: 'an absolute http, https or mailto URI' })(object, propertyName);
    registerDecorator({
      name: 'isMergeUrl',
      target: object.constructor,
      propertyName,
      options: { message: `${propertyName} must be an absolute http, https or mailto URI`, ...options },
      validator: {
        validate(value: unknown) {
          if (typeof value !== 'string') return false;
          try {
            return MERGE_URL_SCHEMES.has(new URL(value).protocol);
          } catch {
            return false;
          }
        },
      },
    });
  };
}

/** An object of strings, with keys of 1 to `maxKey` characters and values of up to `maxValue`. */
function IsStringMap(maxKey: number, maxValue: number, options?: ValidationOptions) {
  return (object: object, propertyName: string) => {
    // The same rule, whole, for the OpenAPI document (`propertyNames` is JSON Schema's, which the library's 3.0 types lack).
    const schema = { type: 'object' as const, propertyNames: { minLength: 1, maxLength: maxKey }, additionalProperties: { type: 'string', maxLength: maxValue } };
    JSONSchema(() => schema as { type: 'object' })(object, propertyName);
    registerDecorator({
      name: 'isStringMap',
      target: object.constructor,
      propertyName,
      options: { message: `${propertyName} must map keys of 1 to ${maxKey} characters to strings of up to ${maxValue}`, ...options },
      validator: {
        validate(value: unknown) {
          if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
          return Object.entries(value).every(
            ([key, text]) => key.length >= 1 && key.length <= maxKey && typeof text === 'string' && text.length <= maxValue,
          );
        },
      },
    });
  };
}

/** Spec section 2, Merge: no other fields allowed. */
export class MergeDto {
  @IsOptional() @IsObject() @IsStringMap(100, 2000) contact?: Record<string, string>;
  @IsOptional() @IsString() @MaxLength(2048) @IsMergeUrl() unsubscribeUrl?: string;
  @IsOptional() @IsString() @MaxLength(2048) @IsMergeUrl() preferencesUrl?: string;
}

/** Spec section 2, TextOptions. */
export class TextOptionsDto {
  @IsOptional() @IsBoolean() links?: boolean;
  @IsOptional() @IsBoolean() images?: boolean;
  @IsOptional() @IsBoolean() preheader?: boolean;
}
