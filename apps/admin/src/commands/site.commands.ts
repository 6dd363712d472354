import { parseFlags } from '../cli-args';
import type { Command } from './command';
import { environmentFlag, originFlag } from './validators';

function siteCommand(action: 'add' | 'remove'): Command {
  const usage = `site ${action} --project ID --env test|live --origin ORIGIN`;
  return {
    usage,
    async run(argv, { sites }) {
      const flags = parseFlags(
        argv,
        { project: { type: 'string', required: true }, env: { type: 'string', required: true }, origin: { type: 'string', required: true } },
        usage,
      );
      const scope = { projectId: flags.project, environment: environmentFlag(flags.env) };
      const origin = originFlag('origin', flags.origin);
      const origins = await sites[action](scope, origin);
      return { projectId: scope.projectId, env: scope.environment, origins };
    },
  };
}

export const siteAdd = siteCommand('add');
export const siteRemove = siteCommand('remove');
