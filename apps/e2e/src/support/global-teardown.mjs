import { existsSync, readFileSync } from 'node:fs';
import { stopInfrastructure } from '../../../../tools/lib/infra.mjs';
import { profile } from '../../../../tools/lib/profiles.mjs';
import { stopProcesses } from '../../../../tools/lib/services.mjs';
import { stackStateFile } from './stack-state.mjs';

export default async function globalTeardown() {
  const file = stackStateFile(profile(process.env.E2E_PROFILE ?? 'test'));
  if (existsSync(file)) {
    const { services } = JSON.parse(readFileSync(file, 'utf8'));
    await stopProcesses(Object.values(services).map((service) => service.pid));
  }
  await stopInfrastructure(globalThis.__E2E_INFRASTRUCTURE__ ?? []);
}
