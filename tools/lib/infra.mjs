// PostgreSQL, Redis and NATS on loopback at the profile's ports: local processes with
// their data under .local/<profile>, or, on a machine without apt or the binaries but
// with Docker, the containers of docker-compose.yml (infra-plan.mjs decides).
// A server already answering on the profile's port is reused and left running;
// servers this run started are stopped by `stopInfrastructure`.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { IN_CONTAINERS } from './infra-plan.mjs';
import { infrastructurePlan, locate } from './install.mjs';
import { isAlive, isPortOpen, log, run, sleep, waitFor } from './process.mjs';
import { repoRoot } from './profiles.mjs';

const isRoot = process.getuid?.() === 0;

function postgresBin(tool) {
  const dir = locate.postgres();
  if (!dir) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found');
  return path.join(dir, tool);
}

/** PostgreSQL refuses to run as root: as root, its tools run as the postgres user. */
function runAsPostgres(tool, args) {
  const [cmd, cmdArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', postgresBin(tool), ...args]] : [postgresBin(tool), args];
  run(cmd, cmdArgs, { quiet: true });
}

/** Whether the postgres user can reach `dir`: every folder above it must let it through. */
const postgresCanEnter = (dir) => spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-x', dir]).status === 0;

/** The postgres user's home folder (/var/lib/postgresql on Debian). */
function postgresHome() {
  const entry = spawnSync('getent', ['passwd', 'postgres'], { encoding: 'utf8' });
  const home = entry.status === 0 ? entry.stdout.trim().split(':')[5] : '';
  if (!home) throw new Error('PostgreSQL must run as the postgres user, and this machine has no such user with a home folder');
  return home;
}

/**
 * Where the profile's PostgreSQL keeps its data: `.local/<profile>/postgres`, unless we
 * are root and the postgres user cannot enter the checkout (a clone under /root, which
 * is 0700 on Debian); then a folder of the postgres user's home named for this checkout
 * and profile, since the server runs as that user and must reach its data.
 */
export function postgresDataDir(p) {
  mkdirSync(p.dataDir, { recursive: true });
  if (!isRoot || postgresCanEnter(p.dataDir)) return path.join(p.dataDir, 'postgres');
  const checkout = `${path.basename(repoRoot)}-${createHash('sha256').update(repoRoot).digest('hex').slice(0, 12)}`;
  return path.join(postgresHome(), 'embed', checkout, p.name);
}

async function ensurePostgres(p) {
  const port = p.ports.postgres;
  if (await isPortOpen(port)) return null;
  const dir = postgresDataDir(p);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    log(`initialising PostgreSQL data in ${dir}`);
    mkdirSync(dir, { recursive: true });
    if (isRoot) run('chown', ['postgres:postgres', dir]);
    runAsPostgres('initdb', ['-D', dir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale']);
  }
  log(`starting PostgreSQL on 127.0.0.1:${port}`);
  // Without fsync a power cut can corrupt the data: only for test profiles, whose data every run recreates.
  const durability = p.disposable ? ' -c fsync=off' : '';
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c max_connections=200${durability}`;
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
  run(locate.redis(), [
    '--port', String(port), '--bind', '127.0.0.1', '--daemonize', 'yes', '--dir', dir,
    '--pidfile', pidFile, '--logfile', path.join(dir, 'redis.log'),
    '--save', '', '--appendonly', 'yes', '--maxmemory-policy', 'noeviction',
  ]);
  await waitFor(`Redis on port ${port}`, () => isPortOpen(port));
  return { name: 'redis', stop: () => stopByPidFile(pidFile) };
}

// The settings every NATS of the system runs with (its max_payload carries the largest render answers).
const NATS_CONFIG = path.join(repoRoot, 'deploy', 'nats', 'nats.conf');

async function ensureNats(p) {
  const port = p.ports.nats;
  if (await isPortOpen(port)) return null;
  const dir = path.join(p.dataDir, 'nats');
  mkdirSync(dir, { recursive: true });
  log(`starting NATS (JetStream) on 127.0.0.1:${port}`);
  const pidFile = path.join(dir, 'nats.pid');
  const out = openSync(path.join(dir, 'nats.log'), 'a');
  const args = ['-c', NATS_CONFIG, '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', path.join(dir, 'jetstream'), '-P', pidFile];
  const child = spawn(locate.nats(), args, {
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

/** `docker compose` on the infrastructure of docker-compose.yml, published at the profile's ports. */
function compose(p, args) {
  const files = ['docker-compose.yml', 'deploy/compose/local-infra.yml'].flatMap((file) => ['-f', path.join(repoRoot, file)]);
  const env = { ...process.env, EMBED_POSTGRES_PORT: String(p.ports.postgres), EMBED_REDIS_PORT: String(p.ports.redis), EMBED_NATS_PORT: String(p.ports.nats) };
  run('docker', ['compose', '-p', `embed-${p.name}`, ...files, ...args], { env, stdio: ['ignore', 2, 2] });
}

async function ensureContainers(p, started) {
  const closed = [];
  for (const name of IN_CONTAINERS) if (!(await isPortOpen(p.ports[name]))) closed.push(name);
  if (closed.length === 0) return;
  log(`starting ${closed.join(', ')} in Docker (compose project embed-${p.name}; data in its volumes)`);
  // Recorded first: containers half started by an interrupted `up` are stopped too.
  started.push({ name: `containers ${closed.join(', ')}`, stop: () => compose(p, ['stop', ...closed]) });
  compose(p, ['up', '--detach', '--wait', ...closed]);
}

async function ensureProcesses(p, started) {
  for (const ensure of [ensurePostgres, ensureRedis, ensureNats]) {
    const server = await ensure(p);
    if (server) started.push(server);
  }
}

/** Starts what is not running yet, adding each server it starts to `started` as it goes. */
export async function ensureInfrastructure(p, started = []) {
  mkdirSync(p.logDir, { recursive: true });
  const ensure = infrastructurePlan().infrastructure === 'docker' ? ensureContainers : ensureProcesses;
  await ensure(p, started);
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

/** Runs `work` with a client of the profile's PostgreSQL, connected to `database`. */
export async function withDatabase(p, database, work) {
  // Imported here: on a fresh machine this module loads before npm has installed pg.
  const { default: pg } = await import('pg');
  const client = new pg.Client({ host: '127.0.0.1', port: p.ports.postgres, user: 'postgres', database });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates the profile's database (dropping it first when `fresh`). */
export function ensureDatabase(p, { fresh = false } = {}) {
  return withDatabase(p, 'postgres', async (client) => {
    // Database names are not parameters in SQL; profile names are ours (local-profiles.json).
    if (fresh) await client.query(`DROP DATABASE IF EXISTS ${p.database} WITH (FORCE)`);
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [p.database]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${p.database}`);
  });
}
