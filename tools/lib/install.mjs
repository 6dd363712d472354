// Installs what the stack needs on a fresh machine: npm packages, Debian packages (or,
// without apt, finds the binaries or Docker: infra-plan.mjs), generated Prisma client.
// Each step does nothing when its result is already there.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { NEEDS, planInfrastructure } from './infra-plan.mjs';
import { repoRoot } from './profiles.mjs';
import { log, run, succeeds } from './process.mjs';

// Progress goes to stderr: stdout carries only what a command prints as its result.
const TO_STDERR = ['ignore', 2, 2];

/** Debian packages installed with apt: the stack's (NEEDS) and what the tests use besides. */
const DEBIAN_PACKAGES = [
  { pkg: 'postgresql', present: () => Boolean(locate.postgres()) },
  { pkg: 'redis-server', present: () => Boolean(locate.redis()) },
  { pkg: 'nats-server', present: () => Boolean(locate.nats()) },
  { pkg: 'chromium', present: () => existsSync('/usr/bin/chromium') },
  { pkg: 'fonts-dejavu-core', present: () => isDebianPackageInstalled('fonts-dejavu-core') },
  { pkg: 'poppler-utils', present: () => Boolean(onPath('pdfinfo')) },
  // For the manifest tests (`kubectl kustomize`); any kubectl already on the PATH will do.
  { pkg: 'kubernetes-client', present: () => Boolean(onPath('kubectl')) },
  // The README's examples, which its test runs as written.
  { pkg: 'curl', present: () => Boolean(onPath('curl')) },
  { pkg: 'jq', present: () => Boolean(onPath('jq')) },
];

/** The command's path on the PATH, or null. */
function onPath(command) {
  const result = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

const firstExisting = (files) => files.find((file) => file && existsSync(file)) ?? null;

/** Where each binary the stack runs is, or null: Debian's places first, then the PATH. */
export const locate = {
  /** The directory with initdb and pg_ctl: Debian's newest version, else the PATH's. */
  postgres() {
    const base = '/usr/lib/postgresql';
    const versions = existsSync(base) ? readdirSync(base).filter((v) => /^\d+$/.test(v)).sort((a, b) => b - a) : [];
    const debian = versions.map((v) => path.join(base, v, 'bin')).find((dir) => existsSync(path.join(dir, 'pg_ctl')));
    if (debian) return debian;
    const initdb = onPath('initdb');
    return initdb && onPath('pg_ctl') ? path.dirname(initdb) : null;
  },
  redis: () => firstExisting(['/usr/bin/redis-server', onPath('redis-server')]),
  nats: () => firstExisting(['/usr/sbin/nats-server', onPath('nats-server')]),
  chromium: () =>
    firstExisting([
      process.env.CHROMIUM_PATH,
      '/usr/bin/chromium',
      ...['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'].map(onPath),
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    ]),
};

function isDebianPackageInstalled(pkg) {
  return succeeds('sh', ['-c', `dpkg-query -W -f='\${Status}' ${pkg} 2>/dev/null | grep -q 'install ok installed'`]);
}

/** What this machine has, as planInfrastructure takes it; Docker is asked only when it could matter. */
export function machineFacts() {
  const apt = succeeds('sh', ['-c', 'command -v apt-get && command -v dpkg-query']);
  const found = Object.fromEntries(Object.keys(NEEDS).map((need) => [need, locate[need]()]));
  if (apt || Object.values(found).every(Boolean)) return { apt, found };
  const cli = Boolean(onPath('docker'));
  const engine = cli && succeeds('docker', ['info'], { timeout: 20_000 });
  const compose = engine && succeeds('docker', ['compose', 'version']);
  return { apt, found, docker: { cli, engine, compose } };
}

/** How this machine gets its infrastructure; throws the plan's message when it cannot. */
export function infrastructurePlan() {
  const plan = planInfrastructure(machineFacts());
  if ('error' in plan) throw new Error(plan.error);
  return plan;
}

export function ensureDebianPackages() {
  const missing = DEBIAN_PACKAGES.filter((entry) => !entry.present()).map(({ pkg }) => pkg);
  if (missing.length === 0) return;
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo'];
  if (asRoot.length && !onPath('sudo')) {
    throw new Error(`Debian packages missing and no root or sudo to install them: ${missing.join(' ')}`);
  }
  log(`installing Debian packages: ${missing.join(' ')} (a few minutes, once)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const [cmd, ...pre] = [...asRoot, 'apt-get'];
  run(cmd, [...pre, 'update', '-qq'], { env, stdio: TO_STDERR });
  run(cmd, [...pre, 'install', '-y', '-qq', '--no-install-recommends', ...missing], { env, stdio: TO_STDERR });
}

function fileDigest(file) {
  return existsSync(file) ? createHash('sha256').update(readFileSync(file)).digest('hex') : null;
}

/**
 * The lock file's packages when node_modules is missing or was installed from another lock
 * file. A fresh clone gets `npm ci`, which installs from the lock alone without resolving a
 * tree (on a fresh clone here 49 to 72 s, against 62 to 90 s for `npm install`); an existing
 * node_modules is brought up to the lock by `npm install`, which keeps what is already right.
 * Both take what npm's cache holds without asking the registry again (--prefer-offline):
 * the lock names each package's exact version and digest.
 */
export function ensureNodeModules() {
  const lock = path.join(repoRoot, 'package-lock.json');
  const stamp = path.join(repoRoot, 'node_modules', '.installed-lock.sha256');
  const digest = fileDigest(lock);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) return;
  log('installing npm packages');
  const command = existsSync(path.join(repoRoot, 'node_modules')) ? 'install' : 'ci';
  run('npm', [command, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: repoRoot, stdio: TO_STDERR });
  writeFileSync(stamp, digest);
}

/** Generates the Prisma client when the schema changed since the last generation. */
export function ensurePrismaClient() {
  const schema = path.join(repoRoot, 'prisma', 'schema.prisma');
  const stamp = path.join(repoRoot, 'node_modules', '.prisma', 'client', '.schema.sha256');
  const digest = fileDigest(schema);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) return;
  log('generating the Prisma client');
  run('npx', ['--no-install', 'prisma', 'generate'], {
    cwd: repoRoot,
    quiet: true,
    // The CLI reads the datasource URL even when it does not connect; any URL will do.
    env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL ?? 'postgresql://localhost/unused' },
  });
  writeFileSync(stamp, digest);
}

/** npm packages, then the infrastructure's binaries (apt-get where there is one), then generated code. */
export function ensureInstalled() {
  ensureNodeModules();
  if (infrastructurePlan().infrastructure === 'apt') ensureDebianPackages();
  ensurePrismaClient();
}
