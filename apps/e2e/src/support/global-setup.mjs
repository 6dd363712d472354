import { writeFileSync } from 'node:fs';
import { profile } from '../../../../tools/lib/profiles.mjs';
import { SERVICES, serviceSpec, startService, waitUntilReady } from '../../../../tools/lib/services.mjs';
import { prepareStack } from '../../../../tools/lib/stack.mjs';
import { stackStateFile } from './stack-state.mjs';

/** Prepares the test stack with a fresh database and starts every service, detached so tests can restart them. */
export default async function globalSetup() {
  const p = profile('test');
  globalThis.__E2E_INFRASTRUCTURE__ = await prepareStack(p, { freshDatabase: true });
  const services = {};
  for (const name of SERVICES) {
    const spec = serviceSpec(name, p, { LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: '5000' });
    services[name] = { spec, pid: startService(spec, { detached: true }).pid };
  }
  writeFileSync(stackStateFile(p), JSON.stringify({ baseUrl: p.baseUrl, env: p.env, services }, null, 2));
  await waitUntilReady(p.baseUrl);
}
