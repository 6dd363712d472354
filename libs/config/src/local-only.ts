import { LOCAL_STACK_MARKER } from './secrets';

/** Specs of settings that only a local stack may change from their defaults (test-only knobs). */
const localOnly = new WeakSet<object>();

/** Marks a variable's spec as a test-only setting: anywhere but on a local stack, only its default is accepted. */
export function localStackOnly<S extends object>(spec: S): S {
  localOnly.add(spec);
  return spec;
}

/** Why each test-only variable of `config` may not be used here (by name): it was set off its default outside a local stack. */
export function localOnlyProblems(specs: Record<string, object>, config: Record<string, unknown>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [name, spec] of Object.entries(specs)) {
    if (!localOnly.has(spec) || config[name] === (spec as { default?: unknown }).default) continue;
    problems[name] = `is a test-only setting: only a local stack (${LOCAL_STACK_MARKER}=1) may change it from its default`;
  }
  return problems;
}
