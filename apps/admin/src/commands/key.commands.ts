import { hashSecret, newSecretKey } from '@embed/credentials';
import { parseFlags } from '../cli-args';
import type { Command } from './command';
import { environmentFlag } from './validators';

const createUsage = 'key create --project ID --env test|live';
export const keyCreate: Command = {
  usage: createUsage,
  async run(argv, { keys }) {
    const flags = parseFlags(argv, { project: { type: 'string', required: true }, env: { type: 'string', required: true } }, createUsage);
    const environment = environmentFlag(flags.env);
    const secret = newSecretKey(environment);
    const key = await keys.create(flags.project, environment, hashSecret(secret));
    return { keyId: key.id, secret };
  },
};

const revokeUsage = 'key revoke --key-id ID';
export const keyRevoke: Command = {
  usage: revokeUsage,
  async run(argv, { keys }) {
    const flags = parseFlags(argv, { 'key-id': { type: 'string', required: true } }, revokeUsage);
    const key = await keys.revoke(flags['key-id']);
    return { keyId: key.id, revokedAt: key.revokedAt.toISOString() };
  },
};
