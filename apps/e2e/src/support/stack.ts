import { spawn, spawnSync } from 'node:child_process';
import { closeSync, fstatSync, openSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { localProfiles } from '@embed/config';

interface ServiceSpec {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  logFile: string;
}
interface StackState {
  baseUrl: string;
  env: Record<string, string>;
  services: Record<string, { spec: ServiceSpec; pid: number }>;
}

export const repoRoot = path.resolve(__dirname, '../../../..');
/** The local profile the suite runs on: `test` unless E2E_PROFILE names another (to run two suites at once). */
export const profileName = (process.env['E2E_PROFILE'] ?? 'test') as keyof typeof localProfiles;
const stateFile = path.join(repoRoot, '.local', profileName, 'e2e-stack.json');
const readState = (): StackState => JSON.parse(readFileSync(stateFile, 'utf8'));

export const stackEnv = () => readState().env;
/** The operators' port of a service (see tools/lib/services.mjs). */
export const opsUrl = (name: string) => `http://127.0.0.1:${readState().services[name].spec.env.OPS_PORT}`;
export const baseUrl = () => readState().baseUrl;
/** Every service process the stack started, replicas included. */
export const serviceNames = () => Object.keys(readState().services);
/** The process id of a service as last started. */
export const pidOf = (name: string) => readState().services[name].pid;
/** How the stack started a service (command, arguments, environment, log file). */
export const serviceSpecOf = (name: string): ServiceSpec => readState().services[name].spec;
/** The file a service's stdout and stderr (its JSON log lines) go to. */
export const logFileOf = (name: string) => readState().services[name].spec.logFile;
export const testPorts = localProfiles[profileName].ports;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The last lines of a log file, where a service says why it stopped or where its stop hangs. */
export function logTail(file: string, bytes = 16 * 1024): string {
  const fd = openSync(file, 'r');
  try {
    const { size } = fstatSync(fd);
    const buffer = Buffer.alloc(Math.min(size, bytes));
    readSync(fd, buffer, 0, buffer.length, size - buffer.length);
    // The first line of a cut is a part of a line.
    return buffer.toString('utf8').split('\n').slice(size > bytes ? 1 : 0).join('\n');
  } finally {
    closeSync(fd);
  }
}

/**
 * Waits until a service process is gone, for as long as a graceful stop may take (its
 * SHUTDOWN_GRACE_MS for in-flight messages, then its connections to close); one that
 * outlives that fails with the end of its log.
 */
async function untilGone(pid: number, what: string, spec: ServiceSpec): Promise<void> {
  const graceMs = Number(spec.env['SHUTDOWN_GRACE_MS'] ?? 20_000);
  await waitFor(`${what} (pid ${pid}) to exit`, async () => !isAlive(pid), graceMs + 10_000).catch((error: Error) => {
    throw new Error(`${error.message}; the end of its log:\n${logTail(spec.logFile)}`);
  });
}

/** Kills one service process and waits until it is gone. */
export async function killService(name: string, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  const { pid, spec } = readState().services[name];
  process.kill(pid, signal);
  await untilGone(pid, `${name} after ${signal}`, spec);
}

/**
 * Freezes one service process (SIGSTOP) as a long garbage collection or an overloaded
 * node would: it keeps its connections and reads what was sent meanwhile once it runs
 * again. Returns the function that lets it run again (SIGCONT).
 */
export function pauseService(name: string): () => void {
  const { pid } = readState().services[name];
  process.kill(pid, 'SIGSTOP');
  return () => process.kill(pid, 'SIGCONT');
}

/**
 * Starts a service again (or one more replica of it when `replica` is true) with the
 * stack's own settings, changed by `env` (a second gateway needs its own port).
 */
export function startService(name: string, { replica = false, env = {} as Record<string, string> } = {}): number {
  const state = readState();
  const { spec } = state.services[name];
  const out = openSync(spec.logFile, 'a');
  // A replica beside the first one has no operators' port of its own.
  const replicaEnv = replica ? { OPS_PORT: '0' } : {};
  const child = spawn(spec.command, spec.args, {
    cwd: repoRoot,
    env: { ...process.env, ...spec.env, ...replicaEnv, ...env },
    stdio: ['ignore', out, out],
    detached: true,
  });
  closeSync(out);
  child.unref();
  const pid = child.pid as number;
  if (replica) state.services[`${name}#${pid}`] = { spec, pid };
  else state.services[name].pid = pid;
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
  return pid;
}

/**
 * Stops a replica that startService started and forgets it, so that later checks of
 * "every service alive" judge only the processes the stack still means to run.
 */
export async function stopReplica(pid: number): Promise<void> {
  const [replica, { spec }] = Object.entries(readState().services).find(([name]) => name.endsWith(`#${pid}`))!;
  process.kill(pid, 'SIGTERM');
  await untilGone(pid, `the replica ${replica} after SIGTERM`, spec);
  const state = readState();
  delete state.services[replica];
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
}

/**
 * Restarts services with `env` over the stack's own settings (none: back to the stack's
 * own), and waits until the stack is ready, saying what is missing if it never is.
 */
export async function restartServices(names: string[], env: Record<string, string> = {}): Promise<void> {
  for (const name of names) {
    await killService(name, 'SIGTERM');
    startService(name, { env });
  }
  await waitUntilReady(names);
}

/**
 * Why a restarted service never became ready: whether its process still runs, what its own
 * /readyz says (it answers only once the service listens on NATS), and the end of its log.
 */
async function howItStarted(name: string): Promise<string> {
  const { pid, spec } = readState().services[name];
  const own = await fetch(`${opsUrl(name)}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
    async (answer) => `${answer.status} ${await answer.text()}`,
    (error: Error) => `no answer (${error.message})`,
  );
  return `${name} (pid ${pid}, ${isAlive(pid) ? 'running' : 'gone'}; its /readyz: ${own}), the end of its log:\n${logTail(spec.logFile, 4 * 1024)}`;
}

export async function waitFor<T>(what: string, check: () => Promise<T | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/**
 * Waits until the gateway's /readyz answers 200, saying what is missing if it never does. A
 * service started again on a loaded machine (two cores shared by four test lanes) may take
 * well over 20 s to launch Chromium or connect, hence the minute.
 */
export async function waitUntilReady(restarted: string[] = []): Promise<void> {
  let last = '';
  const ready = async () => {
    const answer = await fetch(`${baseUrl()}/readyz`).catch(() => null);
    last = answer ? await answer.text() : 'no answer';
    return answer?.status === 200;
  };
  const after = restarted.length ? ` after restarting ${restarted.join(', ')}` : '';
  await waitFor(`/readyz to answer 200${after}`, ready, 60_000).catch(async (error: Error) => {
    throw new Error(`${error.message}; it last said ${last}\n${(await Promise.all(restarted.map(howItStarted))).join('\n')}`);
  });
}

export interface AdminResult {
  status: number;
  stdout: string;
  stderr: string;
  json: Record<string, any>;
}

/** Runs the admin command line as an operator would (a Node process of its own), against the test stack's database. */
export function adminCli(...args: string[]): AdminResult {
  const main = path.join(repoRoot, 'dist', 'apps', 'admin', 'src', 'main.js');
  const result = spawnSync(process.execPath, [main, ...args], { env: { ...process.env, ...stackEnv() }, encoding: 'utf8' });
  return withJson({ status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr });
}

function withJson(outcome: Omit<AdminResult, 'json'>): AdminResult {
  return { ...outcome, json: outcome.status === 0 ? JSON.parse(outcome.stdout) : {} };
}

/** The worker thread that runs admin commands for this test file (support/admin-worker.js). */
let adminThread: { worker: Worker; port: MessagePort; signal: Int32Array } | undefined;
const ADMIN_COMMAND_LIMIT_MS = 60_000;

/**
 * Runs an admin command as the command line would, with the same code and the same
 * outcome (exit code, stdout, stderr), in a worker thread instead of a process of its
 * own: fixtures (projects, keys, webhooks, deliveries) cost a query, not a Node start.
 * Synchronous like adminCli, so that fixtures read the same either way. The command
 * line itself is tested through adminCli (admin.e2e.ts).
 */
export function admin(...args: string[]): AdminResult {
  adminThread ??= startAdminThread();
  const { port, signal } = adminThread;
  Atomics.store(signal, 0, 0);
  port.postMessage(args);
  if (Atomics.wait(signal, 0, 0, ADMIN_COMMAND_LIMIT_MS) === 'timed-out') throw new Error(`admin ${args.join(' ')} did not finish within ${ADMIN_COMMAND_LIMIT_MS} ms`);
  return withJson(receiveMessageOnPort(port)!.message);
}

function startAdminThread() {
  const { port1, port2 } = new MessageChannel();
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(path.join(__dirname, 'admin-worker.js'), {
    workerData: { repoRoot, port: port2, signal },
    transferList: [port2],
    env: { ...process.env, ...stackEnv() },
  });
  worker.unref();
  return { worker, port: port1, signal };
}

/** Stops this file's admin thread, if it started one (services-alive.ts, when a file ends). */
export async function stopAdminThread(): Promise<void> {
  const thread = adminThread;
  adminThread = undefined;
  thread?.port.close();
  await thread?.worker.terminate();
}
