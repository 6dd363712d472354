// @lane static: reads the repository and runs its tools; needs no stack.
// docker-compose.yml and deploy/Dockerfile checked without a Docker engine: the file
// against the Compose Specification's JSON schema (the copy dclint ships), then what the
// schema cannot see: start order, health checks, configuration, ports, build targets.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import * as config from '@embed/config';
import { parse } from 'yaml';

const repoRoot = path.resolve(__dirname, '../../..');
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');
const APPS = ['gateway', 'designs', 'renderer', 'erasure', 'webhook-dispatcher'];
const INFRASTRUCTURE = ['postgres', 'redis', 'nats'];

/** Compose's interpolation: `${X}`, `${X:-default}`, `${X-default}`, `${X:?error}`, `$$`. */
function interpolate(value: unknown, env: Record<string, string>): any {
  if (Array.isArray(value)) return value.map((item) => interpolate(item, env));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolate(item, env)]));
  if (typeof value !== 'string') return value;
  return value.replace(/\$\$|\$\{(\w+)(?:(:?)([-?])([^}]*))?\}/g, (whole, name, colon, kind, word) => {
    if (whole === '$$') return '$';
    const set = colon ? Boolean(env[name]) : name in env;
    if (set) return env[name];
    if (kind === '?') throw new Error(`${name} must be set: ${word}`);
    return kind === '-' ? word : '';
  });
}

const loadCompose = (file: string, env: Record<string, string> = {}) => interpolate(parse(read(file), { merge: true }), env);

const validateCompose = new Ajv({ strict: false, allErrors: true, validateSchema: false }).compile(
  JSON.parse(read('node_modules/dclint/schemas/compose.schema.json')),
);
const schemaErrors = (document: unknown) => (validateCompose(document) ? [] : validateCompose.errors);

/** The Dockerfile's stages by name, each with its instructions (continuation lines joined). */
function dockerStages(text: string): Map<string, { from: string; lines: string[] }> {
  const stages = new Map<string, { from: string; lines: string[] }>();
  let current: string[] = [];
  for (const line of text.replace(/\\\n/g, ' ').split('\n')) {
    const from = /^FROM\s+(\S+)\s+AS\s+(\S+)/i.exec(line);
    if (from) stages.set(from[2], { from: from[1], lines: (current = []) });
    else if (line.trim() && !line.startsWith('#')) current.push(line.trim());
  }
  return stages;
}

/** Every variable that libs/config declares, from each exported `*Specs` object. */
const allSpecs = Object.assign({}, ...Object.entries(config).filter(([name]) => name.endsWith('Specs')).map(([, specs]) => specs));

/** What deploy/README.md has an operator put in .env: compose has no default for them. */
const COMPOSE_SECRETS = ['CURSOR_SECRET', 'STORAGE_SIGNING_SECRET', 'ERASURE_LEDGER_KEY', 'POSTGRES_PASSWORD', 'MINIO_ROOT_PASSWORD'];
const dotEnv = Object.fromEntries(COMPOSE_SECRETS.map((name) => [name, randomBytes(32).toString('hex')]));

describe('docker-compose.yml', () => {
  const compose = loadCompose('docker-compose.yml', dotEnv);
  const services: Record<string, any> = compose.services;
  const stages = dockerStages(read('deploy/Dockerfile'));
  const oneShot = (name: string) => services[name].restart === 'no';

  it('is valid against the Compose Specification, and the schema does catch a mistake', () => {
    expect(schemaErrors(compose)).toEqual([]);
    const broken = structuredClone(compose);
    broken.services.gateway.depends_on.designs.condition = 'service_ready';
    broken.services.redis.healthchecks = broken.services.redis.healthcheck;
    expect(schemaErrors(broken)?.length).toBeGreaterThan(0);
  });

  it('refuses to start until .env sets each secret, naming it', () => {
    for (const name of COMPOSE_SECRETS) {
      const { [name]: _missing, ...rest } = dotEnv;
      expect(() => loadCompose('docker-compose.yml', rest)).toThrow(`${name} must be set: set ${name} in .env, see deploy/README.md`);
    }
  });

  it('with a .env of published values (the former defaults, placeholders), its services refuse to start, naming each', () => {
    const published = {
      CURSOR_SECRET: 'compose-cursor-secret-change-me',
      STORAGE_SIGNING_SECRET: 'change-me',
      ERASURE_LEDGER_KEY: 'local-erasure-ledger-key-not-for-deployments',
      POSTGRES_PASSWORD: 'embed',
      MINIO_ROOT_PASSWORD: 'embed-minio-secret',
    };
    const { environment } = loadCompose('docker-compose.yml', published).services.designs;
    expect(() => config.loadConfig(allSpecs, { NODE_ENV: 'production', ...environment })).toThrow(
      expect.objectContaining({
        problems: { CURSOR_SECRET: expect.any(String), STORAGE_SIGNING_SECRET: expect.any(String), ERASURE_LEDGER_KEY: expect.any(String), DATABASE_URL: expect.any(String) },
      }),
    );
  });

  it('runs the infrastructure, MinIO, the one-shot bucket and migration jobs, and the five services', () => {
    expect(Object.keys(services).sort()).toEqual([...INFRASTRUCTURE, 'minio', 'bucket', 'migrate', ...APPS].sort());
    expect(services.nats.command).toEqual(expect.arrayContaining(['-js', '-c', '/etc/nats/embed.conf']));
    expect(services.nats.volumes).toContain('./deploy/nats/nats.conf:/etc/nats/embed.conf:ro');
    expect(services.migrate.build.target).toBe('migrate');
    expect(services.bucket.command.join('\n')).toContain(`mc mb --ignore-existing store/${services.designs.environment.S3_BUCKET}`);
  });

  it('starts in order: every dependency exists, is healthy or has completed, and nothing waits on itself', () => {
    const order: string[] = [];
    const visit = (name: string, path: string[] = []) => {
      expect(path).not.toContain(name);
      if (order.includes(name)) return;
      for (const [target, { condition }] of Object.entries<any>(services[name].depends_on ?? {})) {
        expect(services[target]).toBeDefined();
        expect(condition).toBe(oneShot(target) ? 'service_completed_successfully' : 'service_healthy');
        visit(target, [...path, name]);
      }
      order.push(name);
    };
    Object.keys(services).forEach((name) => visit(name));
    const ready = [...INFRASTRUCTURE, 'minio', 'bucket', 'migrate'];
    for (const app of APPS.filter((name) => name !== 'webhook-dispatcher')) expect(Object.keys(services[app].depends_on)).toEqual(expect.arrayContaining(ready));
    // The webhook dispatcher keeps its deliveries in PostgreSQL alone and stores no file: it waits for neither Redis nor MinIO.
    expect(Object.keys(services['webhook-dispatcher'].depends_on).sort()).toEqual(['migrate', 'nats', 'postgres']);
    expect(Object.keys(services.gateway.depends_on)).toEqual(expect.arrayContaining(APPS.filter((app) => app !== 'gateway')));
  });

  it('gives every long-running service a health check, the apps theirs on the image\'s operators\' port', () => {
    const opsPort = /OPS_PORT=(\d+)/.exec(stages.get('service')!.lines.join('\n'))![1];
    for (const [name, service] of Object.entries(services)) {
      if (oneShot(name)) continue;
      expect({ name, test: service.healthcheck?.test }).toEqual({ name, test: expect.any(Array) });
      if (APPS.includes(name)) expect(service.healthcheck.test.join(' ')).toContain(`127.0.0.1:${opsPort}/readyz`);
    }
  });

  it('publishes the gateway, and the store for its download links, and nothing else', () => {
    const published = Object.entries(services).filter(([, service]) => service.ports).map(([name]) => name);
    expect(published.sort()).toEqual(['gateway', 'minio']);
    expect(services.minio.ports).toEqual([`9000:9000`]);
    expect(new URL(services.gateway.environment.S3_PUBLIC_ENDPOINT).port).toBe('9000');
    expect(services.gateway.ports).toEqual([`3000:${services.gateway.environment.HTTP_PORT}`]);
  });

  describe.each(APPS)('%s', (app) => {
    const service = services[app];
    const imageEnv = Object.fromEntries(
      stages.get('service')!.lines.filter((line) => line.startsWith('ENV ')).flatMap((line) => line.slice(4).trim().split(/\s+/).map((pair) => pair.split('='))),
    );
    const env: Record<string, string> = { ...imageEnv, SERVICE: app, ...service.environment };

    it('is built from its own app by the Dockerfile\'s service stage', () => {
      expect(service.build).toEqual({ context: '.', dockerfile: 'deploy/Dockerfile', target: 'service', args: { SERVICE: app } });
      expect(read(`apps/${app}/src/main.ts`)).toBeTruthy();
    });

    it('has every variable libs/config requires outside a local stack, and its addresses point at the compose services', () => {
      expect(env.NODE_ENV).toBe('production');
      expect(env).not.toHaveProperty(config.LOCAL_STACK_MARKER);
      expect(() => config.loadConfig(allSpecs, env)).not.toThrow();
      // A default on loopback is the local stack's: in a container, an address must name
      // a compose service and a listening host must be reachable from the others.
      const local = Object.entries<any>(allSpecs).filter(([, spec]) => String(spec.default ?? '').includes('127.0.0.1'));
      expect(local.length).toBeGreaterThan(3);
      for (const [name] of local) {
        const value = env[name] ?? '';
        const host = value.includes('://') ? new URL(value).hostname : value;
        const expected = value.includes('://') ? (Object.keys(services).includes(host) ? host : 'a compose service') : '0.0.0.0';
        expect({ name, host }).toEqual({ name, host: expected });
      }
      expect(env.STORAGE_DRIVER).toBe('s3');
      expect(new URL(env.S3_ENDPOINT).hostname).toBe('minio');
      expect([env.AWS_ACCESS_KEY_ID, env.AWS_SECRET_ACCESS_KEY]).toEqual([services.minio.environment.MINIO_ROOT_USER, services.minio.environment.MINIO_ROOT_PASSWORD]);
    });

    it('is given longer to stop than it waits for its work in flight', () => {
      expect(Number.parseInt(service.stop_grace_period, 10) * 1000).toBeGreaterThan(Number(env.SHUTDOWN_GRACE_MS));
    });
  });
});

describe('deploy/Dockerfile', () => {
  const stages = dockerStages(read('deploy/Dockerfile'));
  const service = stages.get('service')!;

  it('builds on a slim base or an earlier stage', () => {
    for (const [name, stage] of stages) expect({ name, from: stage.from }).toEqual({ name, from: expect.stringMatching(/-slim$|^(build|production-deps)$/) });
  });

  it('ships production dependencies only, installed exactly from the lock file', () => {
    expect(stages.get('production-deps')!.lines).toContainEqual(expect.stringMatching(/^RUN npm ci --omit=dev /));
    const copies = service.lines.filter((line) => line.startsWith('COPY --from='));
    expect(copies).toContainEqual('COPY --from=production-deps /app/node_modules ./node_modules');
    expect(copies.filter((line) => line.includes('node_modules'))).toHaveLength(1);
    expect(copies.filter((line) => line.startsWith('COPY --from=build')).every((line) => / \/app\/dist\//.test(line))).toBe(true);
  });

  it('runs the services and the migrations as a non-root user', () => {
    for (const stage of [service, stages.get('migrate')!]) {
      const users = stage.lines.filter((line) => line.startsWith('USER '));
      expect(users.at(-1)).toMatch(/^USER (?!root\b|0\b)\w+/);
      expect(stage.lines.findIndex((line) => line.startsWith('USER '))).toBeLessThan(stage.lines.findIndex((line) => line.startsWith('CMD ')));
    }
  });
});

describe('deploy/compose/local-infra.yml (npm start with Docker)', () => {
  const ports = { EMBED_POSTGRES_PORT: '15420', EMBED_REDIS_PORT: '63790', EMBED_NATS_PORT: '14220' };
  const override = loadCompose('deploy/compose/local-infra.yml', ports);

  it('is valid, and refuses to start without the profile\'s ports', () => {
    expect(schemaErrors(override)).toEqual([]);
    expect(() => loadCompose('deploy/compose/local-infra.yml')).toThrow(/EMBED_POSTGRES_PORT must be set/);
  });

  it('publishes PostgreSQL, Redis and NATS on loopback only, PostgreSQL with the local user and no password', () => {
    expect(Object.keys(override.services).sort()).toEqual([...INFRASTRUCTURE].sort());
    const published = INFRASTRUCTURE.flatMap((name) => override.services[name].ports);
    expect(published).toEqual([`127.0.0.1:15420:5432`, `127.0.0.1:63790:6379`, `127.0.0.1:14220:4222`]);
    expect(override.services.postgres.environment).toEqual({ POSTGRES_USER: 'postgres', POSTGRES_HOST_AUTH_METHOD: 'trust' });
  });
});

describe('npm start: where PostgreSQL, Redis, NATS and the browser come from (tools/lib/infra-plan.mjs)', () => {
  /** The pure decision, run in a plain Node process because tools/ is ES modules and Jest here is not. */
  function plan(facts: object): any {
    const script = `import { planInfrastructure } from ${JSON.stringify(path.join(repoRoot, 'tools/lib/infra-plan.mjs'))};
      process.stdout.write(JSON.stringify(planInfrastructure(JSON.parse(process.argv[1]))));`;
    return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(facts)], { encoding: 'utf8' }));
  }
  const all = { postgres: '/opt/homebrew/bin', redis: '/opt/homebrew/bin/redis-server', nats: '/opt/homebrew/bin/nats-server', chromium: '/Applications/Chromium.app/Contents/MacOS/Chromium' };
  const none = { postgres: null, redis: null, nats: null, chromium: null };
  const dockerWorks = { cli: true, engine: true, compose: true };

  it('installs with apt where there is apt, whatever is missing (Debian, CI)', () => {
    expect(plan({ apt: true, found: { ...none, chromium: '/usr/bin/chromium' } })).toEqual({ infrastructure: 'apt', chromium: '/usr/bin/chromium' });
  });

  it('without apt, runs the binaries it finds on the PATH, and hands the browser it found to the renderer', () => {
    expect(plan({ apt: false, found: all, docker: dockerWorks })).toEqual({ infrastructure: 'local', chromium: all.chromium });
  });

  it('without apt or some binaries, runs PostgreSQL, Redis and NATS in Docker when its engine answers and compose is there', () => {
    expect(plan({ apt: false, found: { ...none, chromium: all.chromium }, docker: dockerWorks })).toEqual({ infrastructure: 'docker', chromium: all.chromium });
    expect(plan({ apt: false, found: { ...all, nats: null }, docker: dockerWorks }).infrastructure).toBe('docker');
  });

  it('otherwise stops with one message: what is missing, the two ways out, and what is wrong with Docker', () => {
    const { error } = plan({ apt: false, found: { ...all, postgres: null, nats: null }, docker: { cli: true, engine: false, compose: false } });
    expect(error).toMatch(/no apt-get/);
    expect(error).toContain('PostgreSQL 15+');
    expect(error).toContain('NATS server');
    expect(error).not.toContain('Redis 7');
    expect(error).toContain('brew install postgresql@15 nats-server');
    expect(error).toContain('Install Docker');
    expect(error).toMatch(/engine does not answer/);
    expect(plan({ apt: false, found: none }).error).toMatch(/Docker is not installed/);
    expect(plan({ apt: false, found: none, docker: { cli: true, engine: true, compose: false } }).error).toMatch(/no compose plugin/);
  });

  it('does not offer Docker for the browser: without one, Docker alone is not enough', () => {
    const { error } = plan({ apt: false, found: { ...none }, docker: dockerWorks });
    expect(error).toContain('Chromium or Google Chrome');
    expect(error).toContain('brew install postgresql@15 redis nats-server; brew install --cask chromium');
    expect(error).toMatch(/needed either way/);
  });
});
