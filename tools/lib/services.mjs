// The five service processes of the system, each its own Node process, started from
// the compiled dist/ with the profile's environment and logging to .local/<profile>/logs.
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './profiles.mjs';
import { isAlive, sleep, waitFor } from './process.mjs';
import { nextRestart, RESTART_POLICY } from './restart-policy.mjs';

export const SERVICES = ['designs', 'renderer', 'erasure', 'webhook-dispatcher', 'gateway'];

/** Each service's operators' port (/metrics, /healthz, /readyz): the profile's HTTP port + 10 + its place. */
export const opsPort = (p, name) => p.ports.http + 10 + SERVICES.indexOf(name);

/** What it takes to (re)start one service: kept in a state file so tests can restart it. */
export function serviceSpec(name, p, extraEnv = {}) {
  return {
    name,
    command: process.execPath,
    args: ['--enable-source-maps', path.join(repoRoot, 'dist', 'apps', name, 'src', 'main.js')],
    env: { ...p.env, OPS_PORT: String(opsPort(p, name)), ...extraEnv },
    logFile: path.join(p.logDir, `${name}.log`),
  };
}

/** The demo integrator site's address: its own origin, which the demo project allows (contracts §7). */
export const demoUrl = (p) => `http://localhost:${p.ports.demo}`;

/**
 * The demo integrator site (apps/editor-demo), beside the system rather than part of it:
 * it acts for one person of the project whose test key it is given.
 */
export function demoSpec(p, { secretKey, userId = 'demo-person' }) {
  return {
    name: 'editor-demo',
    command: process.execPath,
    args: ['--enable-source-maps', path.join(repoRoot, 'dist', 'apps', 'editor-demo', 'src', 'main.js')],
    env: {
      DEMO_PORT: String(p.ports.demo),
      EMBED_BASE_URL: p.baseUrl,
      DEMO_SECRET_KEY: secretKey,
      DEMO_USER_ID: userId,
      DEMO_EXAMPLE_FILE: path.join(repoRoot, 'docs', 'examples', 'designs', 'email.json'),
    },
    logFile: path.join(p.logDir, 'editor-demo.log'),
  };
}

/** Starts a service; `detached` puts it in its own process group so it outlives its starter. */
export function startService(spec, { detached = false } = {}) {
  const out = openSync(spec.logFile, 'a');
  const child = spawn(spec.command, spec.args, {
    cwd: repoRoot,
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', out, out],
    detached,
  });
  closeSync(out);
  if (detached) child.unref();
  return child;
}

/** SIGTERM (a graceful stop), then SIGKILL for whatever has not exited in time. */
export async function stopProcesses(pids, graceMs = 15_000) {
  for (const pid of pids) if (isAlive(pid)) process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (pids.some(isAlive) && Date.now() < deadline) await sleep(100);
  for (const pid of pids) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

export async function isReady(baseUrl) {
  try {
    const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(3_000) });
    return response.status === 200;
  } catch {
    return false;
  }
}

export function waitUntilReady(baseUrl, timeoutMs = 60_000) {
  return waitFor(`${baseUrl}/readyz to answer 200`, () => isReady(baseUrl), timeoutMs, 200);
}

/**
 * Keeps one service running as Kubernetes would: each time it exits it is started again
 * after the restart policy's delay, and `onExit` hears of it. `stop()` ends the
 * restarting (a pending restart included) and returns the pid of the last process.
 */
export function superviseService(spec, { onExit = () => {}, policy = RESTART_POLICY } = {}) {
  let child;
  let exitsInARow = 0;
  let pending;
  let stopped = false;
  const launch = () => {
    const startedAt = Date.now();
    child = startService(spec);
    child.on('exit', (code, signal) => {
      if (stopped) return;
      const restart = nextRestart({ exitsInARow, ranForMs: Date.now() - startedAt }, policy);
      exitsInARow = restart.exitsInARow;
      onExit({ code, signal, delayMs: restart.delayMs });
      pending = setTimeout(launch, restart.delayMs);
    });
  };
  launch();
  return {
    pid: () => child.pid,
    stop: () => {
      stopped = true;
      clearTimeout(pending);
      return child.pid;
    },
  };
}
