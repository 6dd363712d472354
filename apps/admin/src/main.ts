import { ConfigError, databaseSpecs, loadConfig } from '@embed/config';
import { openRepositories, RecordNotFoundError } from '@embed/data-access';
import { UsageError } from './cli-args';
import { COMMANDS } from './commands';

const EXIT_FAILURE = 1;
const EXIT_USAGE = 2;

function usage(): string {
  return `usage: npm run -s admin -- <command> [flags]\ncommands:\n${Object.values(COMMANDS)
    .map((command) => `  ${command.usage}`)
    .join('\n')}`;
}

/** Prints one JSON object on stdout and exits 0, or a message on stderr and a non-zero code. */
async function main(argv: string[]): Promise<number> {
  const command = COMMANDS[argv.slice(0, 2).join(' ')];
  if (!command) {
    process.stderr.write(`${argv.length ? `unknown command "${argv.slice(0, 2).join(' ')}"\n` : ''}${usage()}\n`);
    return EXIT_USAGE;
  }
  const repositories = openRepositories(loadConfig(databaseSpecs));
  try {
    const result = await command.run(argv.slice(2), repositories);
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } finally {
    await repositories.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof UsageError || error instanceof RecordNotFoundError || error instanceof ConfigError;
    process.stderr.write(`error: ${known ? error.message : `could not complete: ${(error as Error).message}`}\n`);
    process.exit(error instanceof UsageError ? EXIT_USAGE : EXIT_FAILURE);
  },
);
