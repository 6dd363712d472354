import { Value, type ValueError } from '@sinclair/typebox/value';
import { DesignDocumentSchema } from './definition/document';
import { jsonPath } from './messages';
import { inputFault, ruleErrors } from './rules';
import type { DesignDocument } from './types';

// The design document checked from its definition without compiling code (a strict CSP
// forbids that in the editor), for a check of every edit: what the server's validator
// (validate.ts) refuses, this refuses too. It counts lengths in UTF-16 units where the
// schema counts characters, so it may refuse a little more, never less.

/** The error to tell of a union: the first of the member the value names by its tag (a block's type), else of the member that went deepest. */
function deepest(error: ValueError): ValueError {
  const tag = (error.schema as { discriminator?: { propertyName: string } }).discriminator?.propertyName;
  const members = error.errors.map((member) => [...member]).filter((errors) => errors.length);
  if (!members.length) return error;
  const named = members.find((errors) => tag !== undefined && !errors.some((e) => e.path === `${error.path}/${tag}`));
  const first = named?.[0] ?? members.map((errors) => errors[0]).reduce((best, next) => (next.path.length > best.path.length ? next : best));
  return deepest(first);
}

/** Why the input is not a design document the server takes, naming the field's path; null when it is one. */
export function designProblem(input: unknown): string | null {
  const fault = inputFault(input);
  if (fault) return fault;
  if (!Value.Check(DesignDocumentSchema, input)) {
    const first = Value.Errors(DesignDocumentSchema, input).First();
    if (first) {
      const error = deepest(first);
      return `${jsonPath(error.path)}: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}`;
    }
  }
  return ruleErrors(input as DesignDocument)[0] ?? null;
}
