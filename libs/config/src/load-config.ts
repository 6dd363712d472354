import { cleanEnv, type ValidatorSpec } from 'envalid';
import { localOnlyProblems } from './local-only';
import { isLocalStack, LOCAL_STACK_MARKER, publicSecretProblems } from './secrets';

/** A configuration that cannot be used: the message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: Record<string, string>) {
    super(
      `Invalid configuration:\n${Object.entries(problems)
        .map(([name, reason]) => `  ${name}: ${reason}`)
        .join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

function describe(error: Error, spec: ValidatorSpec<unknown> | undefined): string {
  if (error.name !== 'EnvMissingError') return error.message || 'invalid value';
  if (spec && 'devDefault' in spec) return `is missing (only a local stack, ${LOCAL_STACK_MARKER}=1, has a default for it)`;
  return 'is missing';
}

type Specs = { [name: string]: ValidatorSpec<unknown> };
export type ConfigOf<S extends Specs> = { readonly [K in keyof S]: S[K] extends ValidatorSpec<infer T> ? T : never };

/**
 * Reads and validates the variables of `specs` once. Throws ConfigError naming each
 * variable that is missing or malformed, each secret that is a placeholder or a public
 * default, and each test-only setting changed from its default. Development defaults
 * (`devDefault`), public secrets and test-only settings are for a local stack only
 * (EMBED_LOCAL_STACK=1), whatever NODE_ENV says.
 */
export function loadConfig<S extends Specs>(specs: S, env: NodeJS.ProcessEnv = process.env): ConfigOf<S> {
  const localStack = isLocalStack(env);
  let problems: Record<string, string> = {};
  // envalid applies devDefault unless NODE_ENV is production: the marker decides it here.
  const config = cleanEnv({ ...env, NODE_ENV: localStack ? 'development' : 'production' }, specs, {
    reporter: ({ errors }) => {
      problems = Object.fromEntries(Object.entries(errors).map(([name, error]) => [name, describe(error as Error, specs[name])]));
    },
  });
  // A plain copy: envalid's object is a proxy that throws on unknown keys (a refused value
  // is one), which also breaks any framework that probes an object it is given (Nest
  // looks for lifecycle hooks).
  const values = { ...config };
  if (!localStack) problems = { ...problems, ...publicSecretProblems(specs, values), ...localOnlyProblems(specs, values) };
  if (Object.keys(problems).length > 0) throw new ConfigError(problems);
  return Object.freeze(values) as unknown as ConfigOf<S>;
}
