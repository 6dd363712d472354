import { profile } from '../../../../tools/lib/profiles.mjs';
import { STACK_RUNNING, stopStack } from './global-setup.mjs';

export default async function globalTeardown() {
  if (process.env[STACK_RUNNING] === '1') return;
  await stopStack(profile(process.env.E2E_PROFILE ?? 'test'), globalThis.__E2E_INFRASTRUCTURE__ ?? []);
}
