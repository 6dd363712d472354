import { parseFlags } from '../cli-args';
import type { Command } from './command';

const createUsage = 'workspace create --name N';
export const workspaceCreate: Command = {
  usage: createUsage,
  async run(argv, { workspaces }) {
    const flags = parseFlags(argv, { name: { type: 'string', required: true } }, createUsage);
    const workspace = await workspaces.create(flags.name);
    return { workspaceId: workspace.id };
  },
};

const suspendUsage = 'workspace suspend --workspace ID [--off]';
export const workspaceSuspend: Command = {
  usage: suspendUsage,
  async run(argv, { workspaces }) {
    const flags = parseFlags(argv, { workspace: { type: 'string', required: true }, off: { type: 'boolean' } }, suspendUsage);
    const workspace = await workspaces.setSuspended(flags.workspace, !flags.off);
    return { workspaceId: workspace.id, suspended: workspace.suspended };
  },
};
