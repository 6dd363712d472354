// PostgreSQL, Redis and NATS on loopback, with their data under .local/<profile>.
// A server already answering on the profile's port is reused and left running;
// servers this run started are stopped by `stopInfrastructure`.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isAlive, isPortOpen, log, run, sleep, waitFor } from './process.mjs';

const isRoot = process.getuid?.() === 0;

function postgresBin(tool) {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => /^\d+$/.test(v)).sort((a, b) => b - a) : [];
  if (versions.length === 0) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql');
  return path.join(base, versions[0], 'bin', tool);
}

/** PostgreSQL refuses to run as root: as root, its tools run as the postgres user. */
function runAsPostgres(tool, args) {
  const [cmd, cmdArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', postgresBin(tool), ...args]] : [postgresBin(tool), args];
  run(cmd, cmdArgs, { quiet: true });
}

async function ensurePostgres(p) {
  const port = p.ports.postgres;
  if (await isPortOpen(port)) return null;
  const dir = path.join(p.dataDir, 'postgres');
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    log(`initialising PostgreSQL data in ${dir}`);
    mkdirSync(dir, { recursive: true });
    if (isRoot) run('chown', ['postgres:postgres', dir]);
    runAsPostgres('initdb', ['-D', dir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale']);
  }
  log(`starting PostgreSQL on 127.0.0.1:${port}`);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c fsync=off -c max_connections=200`;
  runAsPostgres('pg_ctl', ['-D', dir, '-l', path.join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
  return { name: 'postgres', stop: () => runAsPostgres('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']) };
}

async function ensureRedis(p) {
  const port = p.ports.redis;
  if (await isPortOpen(port)) return null;
  const dir = path.join(p.dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  log(`starting Redis on 127.0.0.1:${port}`);
  const pidFile = path.join(dir, 'redis.pid');
  // Append-only persistence: queued jobs survive a Redis restart. noeviction: BullMQ requires it.
  run('redis-server', [
    '--port', String(port), '--bind', '127.0.0.1', '--daemonize', 'yes', '--dir', dir,
    '--pidfile', pidFile, '--logfile', path.join(dir, 'redis.log'),
    '--save', '', '--appendonly', 'yes', '--maxmemory-policy', 'noeviction',
  ]);
  await waitFor(`Redis on port ${port}`, () => isPortOpen(port));
  return { name: 'redis', stop: () => stopByPidFile(pidFile) };
}

async function ensureNats(p) {
  const port = p.ports.nats;
  if (await isPortOpen(port)) return null;
  const dir = path.join(p.dataDir, 'nats');
  mkdirSync(dir, { recursive: true });
  log(`starting NATS (JetStream) on 127.0.0.1:${port}`);
  const pidFile = path.join(dir, 'nats.pid');
  const out = openSync(path.join(dir, 'nats.log'), 'a');
  const child = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', path.join(dir, 'jetstream'), '-P', pidFile], {
    detached: true,
    stdio: ['ignore', out, out],
  });
  child.unref();
  closeSync(out);
  await waitFor(`NATS on port ${port}`, () => isPortOpen(port));
  return { name: 'nats', stop: () => stopByPidFile(pidFile) };
}

async function stopByPidFile(pidFile) {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  if (!pid || !isAlive(pid)) return;
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(100);
}

/** Starts what is not running yet, adding each server it starts to `started` as it goes. */
export async function ensureInfrastructure(p, started = []) {
  mkdirSync(p.logDir, { recursive: true });
  for (const ensure of [ensurePostgres, ensureRedis, ensureNats]) {
    const server = await ensure(p);
    if (server) started.push(server);
  }
  return started;
}

export async function stopInfrastructure(started) {
  for (const server of [...started].reverse()) {
    try {
      await server.stop();
    } catch (error) {
      log(`could not stop ${server.name}: ${error.message}`);
    }
  }
}

/** Creates the profile's database (dropping it first when `fresh`). */
export function ensureDatabase(p, { fresh = false } = {}) {
  const psql = (sql) =>
    run('psql', ['-h', '127.0.0.1', '-p', String(p.ports.postgres), '-U', 'postgres', '-d', 'postgres', '-tAq', '-c', sql], { quiet: true }).trim();
  if (fresh) psql(`DROP DATABASE IF EXISTS ${p.database} WITH (FORCE)`);
  if (psql(`SELECT 1 FROM pg_database WHERE datname = '${p.database}'`) !== '1') psql(`CREATE DATABASE ${p.database}`);
}
