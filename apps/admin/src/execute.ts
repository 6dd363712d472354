import { ConfigError, databaseSpecs, loadConfig } from '@embed/config';
import { openRepositories, RecordNotFoundError, type Repositories } from '@embed/data-access';
import { UsageError } from './cli-args';
import { COMMANDS } from './commands';

const EXIT_FAILURE = 1;
const EXIT_USAGE = 2;

/** What one admin command made: its exit code and what it prints on stdout and stderr. */
export interface Outcome {
  status: number;
  stdout: string;
  stderr: string;
}

function usage(): string {
  return `usage: npm run -s admin -- <command> [flags]\ncommands:\n${Object.values(COMMANDS)
    .map((command) => `  ${command.usage}`)
    .join('\n')}`;
}

/** Opens the database from the environment's configuration, for one command (the CLI) or many (the test suite). */
export const repositoriesFromEnvironment = (): Repositories => openRepositories(loadConfig(databaseSpecs));

/**
 * Runs one command: one JSON object on stdout and 0, or a message on stderr and a
 * non-zero code. `repositories` is asked for only once the command is known, so that
 * a usage error needs no database configuration.
 */
export async function execute(argv: string[], repositories: () => Repositories): Promise<Outcome> {
  const command = COMMANDS[argv.slice(0, 2).join(' ')];
  if (!command) {
    return { status: EXIT_USAGE, stdout: '', stderr: `${argv.length ? `unknown command "${argv.slice(0, 2).join(' ')}"\n` : ''}${usage()}\n` };
  }
  try {
    const result = await command.run(argv.slice(2), repositories());
    return { status: 0, stdout: `${JSON.stringify(result)}\n`, stderr: '' };
  } catch (error) {
    const known = error instanceof UsageError || error instanceof RecordNotFoundError || error instanceof ConfigError;
    return {
      status: error instanceof UsageError ? EXIT_USAGE : EXIT_FAILURE,
      stdout: '',
      stderr: `error: ${known ? error.message : `could not complete: ${(error as Error).message}`}\n`,
    };
  }
}
