import type { DynamicModule, INestApplicationContext } from '@nestjs/common';
import { ModuleRef, NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { Logger } from 'nestjs-pino';
import type { BackendService } from '@embed/contracts';
import { DeadlinePassedFilter } from './context/late-messages';
import { DrainingNatsServer } from './draining-nats.server';
import { InFlightTracker } from './in-flight';
import { maxPayloadProblem } from './max-payload';
import { stopGracefullyOn } from './graceful-stop';
import { OpsServer } from './ops/ops-server';
import { READINESS_CHECKS, type ReadinessChecks } from './ops/readiness';

/**
 * Shared by every Nest process: logs through pino and stops gracefully on SIGTERM/SIGINT,
 * within `shutdownGraceMs` for in-flight work and a moment to close (stopGracefullyOn).
 */
export function finishSetup(app: INestApplicationContext, shutdownGraceMs: number): void {
  const logger = app.get(Logger);
  app.useLogger(logger);
  stopGracefullyOn(['SIGTERM', 'SIGINT'], {
    close: () => app.close(),
    graceMs: shutdownGraceMs,
    log: (fields, message) => logger.error(fields, message),
    end: (how) => ('signal' in how ? process.kill(process.pid, how.signal) : process.exit(how.code)),
  });
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
 * replicas share the load; it works to each message's deadline; on SIGTERM it finishes
 * in-flight messages, then exits. A NATS too small for the system's largest messages
 * stops it at start, naming the setting.
 */
export async function startBackendService({ service, module, natsUrl, shutdownGraceMs, ops }: BackendServiceOptions) {
  const inFlight = new InFlightTracker();
  const server = new DrainingNatsServer(
    { servers: natsUrl, queue: service, name: service, maxReconnectAttempts: -1, reconnectTimeWait: 250 },
    inFlight,
    shutdownGraceMs,
  );
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(module, { strategy: server, bufferLogs: true });
  app.useGlobalFilters(new DeadlinePassedFilter());
  finishSetup(app, shutdownGraceMs);
  await app.listen();
  const problem = maxPayloadProblem(server.maxPayload());
  if (problem) throw new Error(problem);
  const nats = async () => {
    if (!server.isConnected()) throw new Error('not connected');
  };
  await new OpsServer({ ...ops, checks: { nats, ...ownReadinessChecks(app) } }).start();
  app.get(Logger).log(`${service} listening on NATS (queue group "${service}")`);
  return app;
}

/** The checks the service's module provides (READINESS_CHECKS); none when it provides none. */
function ownReadinessChecks(app: INestApplicationContext): ReadinessChecks {
  // Through ModuleRef: the application's own get() ends the process on an unknown token.
  try {
    return app.get(ModuleRef).get<ReadinessChecks>(READINESS_CHECKS, { strict: false });
  } catch {
    return {};
  }
}
