// Installs what the stack needs on a fresh machine: npm packages, Debian packages,
// generated Prisma client. Each step does nothing when its result is already there.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './profiles.mjs';
import { log, run, succeeds } from './process.mjs';

// Progress goes to stderr: stdout carries only what a command prints as its result.
const TO_STDERR = ['ignore', 2, 2];

/** Debian packages for the local infrastructure, and the binaries that prove them. */
const DEBIAN_PACKAGES = [
  { pkg: 'postgresql', binary: null },
  { pkg: 'redis-server', binary: '/usr/bin/redis-server' },
  { pkg: 'nats-server', binary: '/usr/sbin/nats-server' },
  { pkg: 'chromium', binary: '/usr/bin/chromium' },
  { pkg: 'fonts-dejavu-core', binary: null },
  { pkg: 'poppler-utils', binary: '/usr/bin/pdfinfo' },
  // For the manifest tests (`kubectl kustomize`); any kubectl already on the PATH will do.
  { pkg: 'kubernetes-client', binary: 'kubectl' },
];

/** A package is there when its binary is (an absolute path, or a command on the PATH), else when dpkg says so. */
function isPresent({ pkg, binary }) {
  if (binary?.startsWith('/')) return existsSync(binary);
  if (binary) return succeeds('sh', ['-c', `command -v ${binary}`]);
  return isDebianPackageInstalled(pkg);
}

function isDebianPackageInstalled(pkg) {
  return succeeds('sh', ['-c', `dpkg-query -W -f='\${Status}' ${pkg} 2>/dev/null | grep -q 'install ok installed'`]);
}

export function ensureDebianPackages() {
  const hasApt = succeeds('sh', ['-c', 'command -v apt-get && command -v dpkg-query']);
  if (!hasApt) {
    const missing = DEBIAN_PACKAGES.filter((entry) => entry.binary && !isPresent(entry));
    if (missing.length === 0) return;
    throw new Error(
      'This machine has no apt-get, so the local stack cannot install its own infrastructure.\n' +
        'Install PostgreSQL 15+, Redis 7, nats-server 2.9+ (with JetStream), Chromium and poppler-utils, then run again.\n' +
        `Missing here: ${missing.map(({ pkg }) => pkg).join(', ')}`,
    );
  }
  const missing = DEBIAN_PACKAGES.filter((entry) => !isPresent(entry)).map(({ pkg }) => pkg);
  if (missing.length === 0) return;
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo'];
  if (asRoot.length && !succeeds('sh', ['-c', 'command -v sudo'])) {
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

/** `npm install` (honouring the lock file) when node_modules is missing or was installed from another lock file. */
export function ensureNodeModules() {
  const lock = path.join(repoRoot, 'package-lock.json');
  const stamp = path.join(repoRoot, 'node_modules', '.installed-lock.sha256');
  const digest = fileDigest(lock);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) return;
  log('installing npm packages');
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: repoRoot, stdio: TO_STDERR });
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

export function ensureInstalled() {
  ensureNodeModules();
  ensureDebianPackages();
  ensurePrismaClient();
}
