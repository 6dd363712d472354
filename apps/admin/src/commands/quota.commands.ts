import { ENVIRONMENTS, QUOTA_NAMES, type QuotaName } from '@embed/contracts';
import { parseFlags, UsageError } from '../cli-args';
import type { Command } from './command';
import { environmentFlag } from './validators';

/** `--person-images` for `personImages`, and so on. */
const flagOf = (name: QuotaName) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const QUOTA_FLAGS = Object.fromEntries(QUOTA_NAMES.map((name) => [flagOf(name), { type: 'string' as const }]));

/** Counts are kept as 32-bit integers; bytes as 64-bit ones, of which 15 digits (over 900 TB) are plenty. */
const MAX_COUNT = 2 ** 31 - 1;

/** A quota's value: a whole number of images, designs or bytes (0 refuses every create it counts), or `default`. */
export function quotaValue(name: QuotaName, value: string): number | null {
  if (value === 'default') return null;
  const max = name.endsWith('Bytes') ? 999_999_999_999_999 : MAX_COUNT;
  if (!/^\d{1,15}$/.test(value) || Number(value) > max) throw new UsageError(`--${flagOf(name)} must be a whole number from 0 to ${max}, or "default" (got "${value}")`);
  return Number(value);
}

const setUsage = `quota set --project ID [--env test|live] ${QUOTA_NAMES.map((name) => `[--${flagOf(name)} N|default]`).join(' ')}`;
export const quotaSet: Command = {
  usage: setUsage,
  async run(argv, { quotas }) {
    const flags = parseFlags(argv, { project: { type: 'string', required: true }, env: { type: 'string' }, ...QUOTA_FLAGS }, setUsage);
    const values = Object.fromEntries(
      QUOTA_NAMES.flatMap((name) => {
        const value = (flags as Record<string, string | undefined>)[flagOf(name)];
        return value === undefined ? [] : [[name, quotaValue(name, value)]];
      }),
    );
    if (Object.keys(values).length === 0) throw new UsageError(`name at least one quota to set\nusage: ${setUsage}`);
    const environments = flags.env === undefined ? ENVIRONMENTS : [environmentFlag(flags.env)];
    for (const environment of environments) await quotas.set({ projectId: flags.project, environment }, values);
    return { projectId: flags.project, quotas: await quotas.show(flags.project) };
  },
};

const showUsage = 'quota show --project ID';
export const quotaShow: Command = {
  usage: showUsage,
  async run(argv, { quotas }) {
    const flags = parseFlags(argv, { project: { type: 'string', required: true } }, showUsage);
    return { projectId: flags.project, quotas: await quotas.show(flags.project) };
  },
};
