import { spawnSync } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { query } from './database';
import { profileName, repoRoot, testPorts, waitFor } from './stack';

/** A server the stack depends on, as the outage tests stop it. */
export type Dependency = 'postgres' | 'redis' | 'nats';

const toolsDir = path.join(repoRoot, 'tools', 'lib');
const redisCli = (...args: string[]) => spawnSync('redis-cli', ['-p', String(testPorts.redis), ...args], { encoding: 'utf8' }).stdout.trim();

/** The process id of a dependency's server, read where that server itself writes it. */
async function serverPid(dependency: Dependency): Promise<number> {
  let pid = 0;
  if (dependency === 'redis') pid = Number(/process_id:(\d+)/.exec(redisCli('info', 'server'))?.[1]);
  if (dependency === 'nats') pid = Number(readFileSync(path.join(repoRoot, '.local', profileName, 'nats', 'nats.pid'), 'utf8').trim());
  if (dependency === 'postgres') {
    const [{ data_directory: dataDir }] = await query<{ data_directory: string }>('SHOW data_directory');
    pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  }
  if (!pid) throw new Error(`no ${dependency} server found for profile ${profileName}`);
  return pid;
}

/** A client tool of the running PostgreSQL's own version (pg_dump, pg_restore), from beside its server binary. */
export async function postgresTool(name: string): Promise<string> {
  return path.join(path.dirname(readlinkSync(`/proc/${await serverPid('postgres')}/exe`)), name);
}

const isRunning = (pid: number) => spawnSync('kill', ['-0', String(pid)]).status === 0;

/**
 * Stops a dependency's server under the running stack: SIGKILL for a crash, or the
 * server's own fast shutdown (PostgreSQL's SIGINT, which ends every session at once, as
 * a failover does). Returns once the process is gone.
 */
export async function stopDependency(dependency: Dependency, { crash = false } = {}): Promise<void> {
  const pid = await serverPid(dependency);
  process.kill(pid, crash ? 'SIGKILL' : dependency === 'postgres' ? 'SIGINT' : 'SIGTERM');
  await waitFor(`${dependency} (pid ${pid}) to exit`, async () => !isRunning(pid), 30_000);
}

/** Starts whatever of the profile's PostgreSQL, Redis and NATS is not running, with the stack's own tooling. */
export async function startDependencies(): Promise<void> {
  const start = `const { profile } = await import('${toolsDir}/profiles.mjs');
    const { ensureInfrastructure } = await import('${toolsDir}/infra.mjs');
    await ensureInfrastructure(profile('${profileName}'));`;
  const started = spawnSync(process.execPath, ['--input-type=module', '-e', start], { encoding: 'utf8' });
  if (started.status !== 0) throw new Error(`the infrastructure did not start again: ${started.stderr}`);
}
