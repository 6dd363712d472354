import type { Repositories } from '@embed/data-access';

/** One admin command: it reads its flags, does its work and returns the JSON to print. */
export interface Command {
  usage: string;
  run(argv: string[], repositories: Repositories): Promise<object>;
}
