import { Controller, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { hostname } from 'node:os';
import { type BackendService, type PingReply, pingSubject } from '@embed/contracts';

/** A controller answering the readiness ping of `service` (its subject is per service). */
export function pingControllerFor(service: BackendService): Type {
  const startedAt = Date.now();
  const instanceId = `${hostname()}:${process.pid}`;

  @Controller()
  class PingController {
    @MessagePattern(pingSubject(service))
    ping(): PingReply {
      return { service, instanceId, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) };
    }
  }
  return PingController;
}
