import type { ErrorObject } from 'ajv';
import { SCALARS } from './definition/scalars';

// Ajv names a failing pattern by regex; authors need the rule in words. Keyed by the
// schema's $defs entry that holds the pattern.
const PATTERN_RULES: Record<string, string> = {
  id: 'must be 1 to 64 letters, digits, "_" or "-"',
  url: 'is not an allowed address: only http(s), mailto:, tel:, #anchor or one starting with a merge tag like {{unsubscribe_url}}',
  href: 'is not an allowed address: only http(s), mailto:, tel:, #anchor, one starting with a merge tag like {{unsubscribe_url}}, or empty',
  webUrl: 'must be an http(s) address',
  imageUrl: 'is not an allowed image address: only http(s), a merge tag, or a data: image (png, jpeg, gif, webp)',
  fontStylesheetUrl: 'must be an https address of a font stylesheet',
  color: 'must be a colour like #1a2b3c, #abc, #1a2b3c80 or transparent',
  padding: 'must be one to four px values, like "10px 20px"',
  fontFamily: 'must be a font stack of letters, digits, spaces, commas, quotes and dashes',
};

/** The rule of a value refused by one of the document's patterns, in words ("must be a colour like …"), wherever the pattern is used (a brand kit's colours); undefined for another pattern. */
export function documentPatternRule(pattern: string): string | undefined {
  const name = Object.keys(PATTERN_RULES).find((rule) => (SCALARS as Record<string, { pattern?: string }>)[rule]?.pattern === pattern);
  return name && PATTERN_RULES[name];
}

/** `/body/rows/0/src` -> `$.body.rows[0].src` */
export function jsonPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : `${path}.${part}`), '$');
}

function reason(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return `has a field this version does not know: "${String(params.additionalProperty)}"`;
    case 'required':
      return `lacks the required field "${String(params.missingProperty)}"`;
    case 'discriminator':
      return params.error === 'tag'
        ? `must have a string field "${String(params.tag)}"`
        : `has an unknown "${String(params.tag)}": ${JSON.stringify(params.tagValue)}`;
    case 'const':
      return error.instancePath === '/schemaVersion'
        ? 'must be 1: this service reads version 1 of the design document'
        : `must be ${JSON.stringify(params.allowedValue)}`;
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`;
    case 'pattern': {
      const definition = /#\/\$defs\/([^/]+)\/pattern$/.exec(error.schemaPath)?.[1];
      return (definition && PATTERN_RULES[definition]) ?? `must match ${String(params.pattern)}`;
    }
    default:
      return error.message ?? 'is not valid';
  }
}

export function describeError(error: ErrorObject): string {
  return `${jsonPath(error.instancePath)} ${reason(error)}`;
}
