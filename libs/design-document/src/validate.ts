import Ajv2020 from 'ajv/dist/2020';
import { DESIGN_DOCUMENT_JSON_SCHEMA as schema } from './definition/json-schema';
import { describeError } from './messages';
import { inputFault, ruleErrors } from './rules';
import type { DesignDocument, DesignMode } from './types';

export type DesignValidation = { valid: true; document: DesignDocument } | { valid: false; errors: string[] };

// Compiled once per process. allErrors stays off: the first error is enough to name, and
// a hostile document then costs no more than the walk up to its first fault.
const ajv = new Ajv2020({ discriminator: true, allErrors: false, strict: true });
const schemaCheck = ajv.compile<DesignDocument>(schema);

/**
 * Checks that `input` is a version-1 design document. The errors name the JSON path and
 * the reason, ready for a `design_invalid` answer.
 */
export function validateDesign(input: unknown): DesignValidation {
  const fault = inputFault(input);
  if (fault) return { valid: false, errors: [fault] };
  if (!schemaCheck(input)) return { valid: false, errors: (schemaCheck.errors ?? []).map(describeError) };
  const errors = ruleErrors(input);
  return errors.length ? { valid: false, errors } : { valid: true, document: input };
}

/**
 * A valid document of another mode than the project's is not an invalid one: the caller
 * answers 409 `mode_unavailable` with this message.
 */
export function modeMismatch(document: DesignDocument, projectMode: DesignMode): string | null {
  if (document.mode === projectMode) return null;
  const article = document.mode === 'email' ? 'an' : 'a';
  return `this is ${article} ${document.mode} design and the project makes ${projectMode} designs`;
}
