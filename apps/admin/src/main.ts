import type { Repositories } from '@embed/data-access';
import { execute, repositoriesFromEnvironment } from './execute';

/** The admin command line: one command per process, its database opened and closed around it. */
async function main(argv: string[]): Promise<number> {
  let repositories: Repositories | undefined;
  try {
    const outcome = await execute(argv, () => (repositories = repositoriesFromEnvironment()));
    process.stdout.write(outcome.stdout);
    process.stderr.write(outcome.stderr);
    return outcome.status;
  } finally {
    await repositories?.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`error: could not complete: ${(error as Error).message}\n`);
    process.exit(1);
  },
);
