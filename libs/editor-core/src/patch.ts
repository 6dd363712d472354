import { carryKey } from './keys';

/** Fields to set on an object; `undefined` takes the field away (the document has no nulls). */
export type Patch = Record<string, unknown>;

/** The object with the patch applied, and the patch that puts every touched field back. */
export function applyPatch<T extends object>(target: T, patch: Patch): [T, Patch] {
  const next: Record<string, unknown> = { ...(target as Record<string, unknown>) };
  const inverse: Patch = {};
  for (const [key, value] of Object.entries(patch)) {
    inverse[key] = (target as Record<string, unknown>)[key];
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
  carryKey(target, next);
  return [next as T, inverse];
}
