import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { stopInfrastructure } from '../../../../tools/lib/infra.mjs';
import { isPortOpen } from '../../../../tools/lib/process.mjs';
import { profile } from '../../../../tools/lib/profiles.mjs';
import { SERVICES, serviceSpec, startService, stopProcesses, waitUntilReady } from '../../../../tools/lib/services.mjs';
import { prepareStack } from '../../../../tools/lib/stack.mjs';
import { stackStateFile } from './stack-state.mjs';
import { TEST_SETTINGS } from './test-settings.mjs';

/**
 * Set by a caller that started the stack itself (`npm test`, which runs several Jest
 * runs against one stack): the Jest run then neither starts nor stops it.
 */
export const STACK_RUNNING = 'E2E_STACK_RUNNING';

/** Service processes a previous run left behind (Jest skips the teardown when the setup fails). */
async function stopLeftovers(file) {
  if (!existsSync(file)) return;
  const { services } = JSON.parse(readFileSync(file, 'utf8'));
  await stopProcesses(Object.values(services).map((service) => service.pid));
}

/**
 * Prepares the test stack with a fresh database and starts every service, detached so
 * tests can restart them; returns the infrastructure servers it started, for stopStack.
 * `onPrepared` is called once the code is compiled, before the services start; `compile:
 * false` starts the code another stack of the run compiled.
 */
export async function startStack(p, { onPrepared = () => {}, compile = true } = {}) {
  const file = stackStateFile(p);
  await stopLeftovers(file);
  // A gateway already on the port would answer the tests in place of the one started here.
  if (await isPortOpen(p.ports.http)) throw new Error(`port ${p.ports.http} is in use: stop whatever listens there before the end-to-end tests`);
  const startedInfrastructure = [];
  try {
    await prepareStack(p, { freshDatabase: true, started: startedInfrastructure, compile });
    onPrepared();
    const services = {};
    for (const name of SERVICES) {
      const spec = serviceSpec(name, p, { LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: '15000', ...TEST_SETTINGS });
      services[name] = { spec, pid: startService(spec, { detached: true }).pid };
    }
    writeFileSync(file, JSON.stringify({ baseUrl: p.baseUrl, env: p.env, services }, null, 2));
    await waitUntilReady(p.baseUrl);
    return startedInfrastructure;
  } catch (error) {
    await stopLeftovers(file);
    await stopInfrastructure(startedInfrastructure);
    throw error;
  }
}

/** Stops the services the stack runs as last recorded (restarts and replicas included), then the infrastructure startStack started. */
export async function stopStack(p, startedInfrastructure) {
  await stopLeftovers(stackStateFile(p));
  await stopInfrastructure(startedInfrastructure);
}

/** Jest's global setup: the stack on E2E_PROFILE's ports (`test` by default), once per run. */
export default async function globalSetup() {
  if (process.env[STACK_RUNNING] === '1') return;
  globalThis.__E2E_INFRASTRUCTURE__ = await startStack(profile(process.env.E2E_PROFILE ?? 'test'));
}
