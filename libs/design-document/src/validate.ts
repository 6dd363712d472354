import type { ValidateFunction } from 'ajv';
import { describeError } from './messages';
import { inputFault, ruleErrors } from './rules';
import type { DesignDocument, DesignMode } from './types';
import compiledSchema from './definition/validator.generated';

export type DesignValidation = { valid: true; document: DesignDocument } | { valid: false; errors: string[] };

// The schema's check, compiled by Ajv when the definition changes (generated-files.ts), not
// in each process that loads this.
const schemaCheck = compiledSchema as ValidateFunction<DesignDocument>;

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
