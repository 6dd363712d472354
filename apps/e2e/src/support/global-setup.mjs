import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { stopInfrastructure } from '../../../../tools/lib/infra.mjs';
import { isPortOpen } from '../../../../tools/lib/process.mjs';
import { profile } from '../../../../tools/lib/profiles.mjs';
import { SERVICES, serviceSpec, startService, stopProcesses, waitUntilReady } from '../../../../tools/lib/services.mjs';
import { prepareStack } from '../../../../tools/lib/stack.mjs';
import { stackStateFile } from './stack-state.mjs';

/** Sweeps run every couple of seconds, so tests see what they put right without waiting minutes. */
const SHORT_SWEEPS = { ERASURE_SWEEP_MS: '2000', WEBHOOK_RETENTION_SWEEP_MS: '2000', TOKEN_SWEEP_MS: '2000' };

/** Service processes a previous run left behind (Jest skips the teardown when the setup fails). */
async function stopLeftovers(file) {
  if (!existsSync(file)) return;
  const { services } = JSON.parse(readFileSync(file, 'utf8'));
  await stopProcesses(Object.values(services).map((service) => service.pid));
}

/** Prepares the test stack with a fresh database and starts every service, detached so tests can restart them. */
export default async function globalSetup() {
  const p = profile(process.env.E2E_PROFILE ?? 'test');
  const file = stackStateFile(p);
  await stopLeftovers(file);
  // A gateway already on the port would answer the tests in place of the one started here.
  if (await isPortOpen(p.ports.http)) throw new Error(`port ${p.ports.http} is in use: stop whatever listens there before the end-to-end tests`);
  const startedInfrastructure = [];
  globalThis.__E2E_INFRASTRUCTURE__ = startedInfrastructure;
  try {
    await prepareStack(p, { freshDatabase: true, started: startedInfrastructure });
    const services = {};
    for (const name of SERVICES) {
      const spec = serviceSpec(name, p, { LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: '15000', ...SHORT_SWEEPS });
      services[name] = { spec, pid: startService(spec, { detached: true }).pid };
    }
    writeFileSync(file, JSON.stringify({ baseUrl: p.baseUrl, env: p.env, services }, null, 2));
    await waitUntilReady(p.baseUrl);
  } catch (error) {
    await stopLeftovers(file);
    await stopInfrastructure(startedInfrastructure);
    throw error;
  }
}
