import { parseArgs } from 'node:util';

/** Wrong or missing flags: the message says what to type instead. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export type FlagSpec = Record<string, { type: 'string' | 'boolean'; multiple?: boolean; required?: boolean }>;
type FlagValue<F> = F extends { type: 'boolean' } ? boolean : F extends { multiple: true } ? string[] : string;
export type Flags<S extends FlagSpec> = { [K in keyof S]: S[K] extends { required: true } ? FlagValue<S[K]> : FlagValue<S[K]> | undefined };

/** Parses `--flag value` pairs strictly: unknown flags, stray words and missing required flags are usage errors. */
export function parseFlags<S extends FlagSpec>(argv: string[], spec: S, usage: string): Flags<S> {
  let values: Record<string, unknown>;
  try {
    const options = Object.fromEntries(Object.entries(spec).map(([name, { type, multiple }]) => [name, { type, multiple: multiple ?? false }]));
    ({ values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\nusage: ${usage}`);
  }
  for (const [name, { required, type }] of Object.entries(spec)) {
    if (required && values[name] === undefined) throw new UsageError(`missing --${name}\nusage: ${usage}`);
    if (type === 'string' && typeof values[name] === 'string' && (values[name] as string).trim() === '') {
      throw new UsageError(`--${name} must not be empty\nusage: ${usage}`);
    }
  }
  return values as Flags<S>;
}

/** Checks a flag's value against the allowed ones. */
export function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`--${flag} must be one of ${allowed.join(', ')} (got "${value}")`);
  return value as T;
}
