import { cleanEnv, type ValidatorSpec } from 'envalid';

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

function describe(error: Error): string {
  if (error.name === 'EnvMissingError') return 'is missing (it has no default in production)';
  return error.message || 'invalid value';
}

type Specs = { [name: string]: ValidatorSpec<unknown> };
export type ConfigOf<S extends Specs> = { readonly [K in keyof S]: S[K] extends ValidatorSpec<infer T> ? T : never };

/**
 * Reads and validates the variables of `specs` once. Throws ConfigError naming each
 * variable that is missing or malformed; every variable has a safe local default
 * unless its spec says otherwise.
 */
export function loadConfig<S extends Specs>(specs: S, env: NodeJS.ProcessEnv = process.env): ConfigOf<S> {
  // Deployments say NODE_ENV=production (the images do); anything else is a local run,
  // where the development defaults of secrets apply.
  const config = cleanEnv({ NODE_ENV: 'development', ...env }, specs, {
    reporter: ({ errors }) => {
      const problems = Object.fromEntries(
        Object.entries(errors).map(([name, error]) => [name, describe(error as Error)]),
      );
      if (Object.keys(problems).length > 0) throw new ConfigError(problems);
    },
  });
  // A plain frozen copy: envalid's object is a proxy that throws on unknown keys, which
  // breaks any framework that probes an object it is given (Nest looks for lifecycle hooks).
  return Object.freeze({ ...config }) as unknown as ConfigOf<S>;
}
