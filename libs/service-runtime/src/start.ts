import type { DynamicModule, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { Logger } from 'nestjs-pino';
import type { BackendService } from '@embed/contracts';
import { DrainingNatsServer } from './draining-nats.server';
import { InFlightInterceptor, InFlightTracker } from './in-flight';
import { OpsServer } from './ops/ops-server';

/** Shared by every Nest process: logs through pino and stops gracefully on SIGTERM/SIGINT. */
export function finishSetup(app: INestApplicationContext): void {
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
}

export interface BackendServiceOptions {
  service: BackendService;
  module: DynamicModule;
  natsUrl: string;
  shutdownGraceMs: number;
  ops: { port: number; host: string };
}

/**
 * Starts a back-end service on NATS in the queue group named after it, so that its
 * replicas share the load; on SIGTERM it finishes in-flight messages, then exits.
 */
export async function startBackendService({ service, module, natsUrl, shutdownGraceMs, ops }: BackendServiceOptions) {
  const inFlight = new InFlightTracker();
  const server = new DrainingNatsServer(
    { servers: natsUrl, queue: service, name: service, maxReconnectAttempts: -1, reconnectTimeWait: 250 },
    inFlight,
    shutdownGraceMs,
  );
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(module, { strategy: server, bufferLogs: true });
  app.useGlobalInterceptors(new InFlightInterceptor(inFlight));
  finishSetup(app);
  await app.listen();
  await new OpsServer({ ...ops, ready: () => server.isConnected() }).start();
  app.get(Logger).log(`${service} listening on NATS (queue group "${service}")`);
  return app;
}
