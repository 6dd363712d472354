// @lane serial: adds replicas, restarts the designs service.
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type ClientProxy, ClientProxyFactory, MessagePattern, type MicroserviceOptions, Transport } from '@nestjs/microservices';
import type { NatsConnection } from 'nats';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { firstValueFrom, timeout } from 'rxjs';
import { type PingReply, pingSubject } from '@embed/contracts';
import { DrainingNatsServer, InFlightTracker } from '@embed/service-runtime';
import { killService, sleep, stackEnv, startService, stopReplica, waitUntilReady } from './support/stack';

const natsClient = (): ClientProxy => ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: stackEnv().NATS_URL } });

describe('services on NATS', () => {
  let client: ClientProxy;
  beforeAll(() => (client = natsClient()));
  afterAll(() => client.close());

  it('shares requests between the replicas of a service (queue group)', async () => {
    const replica = startService('renderer', { replica: true });
    try {
      // Once the second replica listens, the queue group hands requests to both.
      const instances = new Set<string>();
      const deadline = Date.now() + 30_000;
      while (instances.size < 2 && Date.now() < deadline) {
        const reply = await firstValueFrom(client.send<PingReply>(pingSubject('renderer'), {}).pipe(timeout(1_000)));
        instances.add(reply.instanceId);
        await sleep(20);
      }
      expect(instances.size).toBe(2);
    } finally {
      await stopReplica(replica);
    }
  });

  it('stops on SIGTERM and comes back', async () => {
    await killService('designs', 'SIGTERM');
    startService('designs');
    await waitUntilReady(['designs']);
  });
});

describe('a stopping service', () => {
  const SUBJECT = `e2e.slow.${process.pid}.v1`;

  @Controller()
  class SlowController {
    @MessagePattern(SUBJECT)
    async slow(input: { ms: number }) {
      await sleep(input.ms);
      return { done: input.ms };
    }
  }

  @Module({ controllers: [SlowController] })
  class SlowModule {}

  it('answers the messages it is handling before it closes, and takes no new ones', async () => {
    const inFlight = new InFlightTracker();
    const app = await NestFactory.createMicroservice<MicroserviceOptions>(SlowModule, {
      strategy: new DrainingNatsServer({ servers: stackEnv().NATS_URL, queue: 'e2e-slow' }, inFlight, 5_000),
      logger: false,
    });
    await app.listen();
    const client = natsClient();
    try {
      const pending = firstValueFrom(client.send(SUBJECT, { ms: 700 }).pipe(timeout(5_000)));
      await sleep(150);
      expect(inFlight.size).toBe(1);
      const closed = app.close();
      await expect(pending).resolves.toEqual({ done: 700 });
      await closed;
      await expect(firstValueFrom(client.send(SUBJECT, { ms: 1 }).pipe(timeout(500)))).rejects.toThrow();
    } finally {
      await client.close();
    }
  });
});

describe('a reply larger than NATS carries', () => {
  const SUBJECT = `e2e.large.${process.pid}.v1`;

  @Controller()
  class LargeController {
    @MessagePattern(SUBJECT)
    answer(input: { bytes: number }) {
      return { ok: true, value: 'x'.repeat(input.bytes) };
    }
  }

  @Module({ controllers: [LargeController] })
  class LargeModule {}

  it('is answered with a 400 naming the limit, and the service goes on answering', async () => {
    const inFlight = new InFlightTracker();
    const app = await NestFactory.createMicroservice<MicroserviceOptions>(LargeModule, {
      strategy: new DrainingNatsServer({ servers: stackEnv().NATS_URL, queue: 'e2e-large' }, inFlight, 5_000),
      logger: false,
    });
    await app.listen();
    const client = natsClient();
    try {
      await client.connect();
      const maxPayload = client.unwrap<NatsConnection>().info?.max_payload as number;
      const ask = (bytes: number) => firstValueFrom(client.send(SUBJECT, { bytes }).pipe(timeout(10_000)));
      await expect(ask(maxPayload + 1)).resolves.toEqual({
        ok: false,
        error: { status: 400, code: 'request_invalid', message: expect.stringContaining(`${maxPayload / 1024 / 1024} MB limit`) },
      });
      await expect(ask(10)).resolves.toEqual({ ok: true, value: 'x'.repeat(10) });
      expect(inFlight.size).toBe(0);
    } finally {
      await client.close();
      await app.close();
    }
  });
});

describe('configuration', () => {
  it('stops a service at start-up with a message naming each bad variable', () => {
    const main = path.resolve(__dirname, '../../../dist/apps/gateway/src/main.js');
    const result = spawnSync(process.execPath, [main], {
      env: { ...process.env, HTTP_PORT: 'eighty', NATS_URL: 'not a url', LOG_LEVEL: 'loud' },
      encoding: 'utf8',
      // Loading a service's code takes seconds, and far more on a busy machine.
      timeout: 120_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    for (const name of ['HTTP_PORT', 'NATS_URL', 'LOG_LEVEL']) expect(result.stderr).toContain(name);
    expect(result.stdout).toBe('');
  }, 150_000);

  it('stops a service outside a local stack whose secrets are placeholders or public defaults, naming each and showing none', () => {
    const main = path.resolve(__dirname, '../../../dist/apps/designs/src/main.js');
    const { EMBED_LOCAL_STACK: _local, ...elsewhere } = { ...process.env, ...stackEnv() };
    const result = spawnSync(process.execPath, [main], {
      env: {
        ...elsewhere,
        NODE_ENV: 'development',
        CURSOR_SECRET: 'change-me-to-32-random-bytes',
        STORAGE_SIGNING_SECRET: 'local-storage-secret-not-for-deployments',
        DATABASE_URL: 'postgresql://embed:change-me@127.0.0.1:5432/embed',
        PUBLIC_BASE_URL: 'https://embed.example.com',
      },
      encoding: 'utf8',
      // Loading a service's code takes seconds, and far more on a busy machine.
      timeout: 120_000,
    });
    expect(result.status).toBe(1);
    const problems = result.stderr.split('\n').filter((line) => line.startsWith('  ')).map((line) => line.trim().split(':')[0]);
    expect(problems.sort()).toEqual(['CURSOR_SECRET', 'DATABASE_URL', 'STORAGE_SIGNING_SECRET']);
    expect(result.stderr).toContain('placeholder or a public default');
    for (const value of ['change-me', 'local-storage-secret']) expect(result.stderr).not.toContain(value);
  }, 150_000);
});
