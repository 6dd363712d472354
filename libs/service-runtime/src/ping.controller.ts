import { Controller, type Type } from '@nestjs/common';
import { hostname } from 'node:os';
import { type BackendService, pingSubject } from '@embed/contracts';
import { Handles } from './handles';

/** A controller answering the readiness ping of `service` (its subject is per service). */
export function pingControllerFor(service: BackendService): Type {
  const startedAt = Date.now();
  const instanceId = `${hostname()}:${process.pid}`;

  @Controller()
  class PingController {
    @Handles(pingSubject(service))
    ping() {
      return { service, instanceId, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) };
    }
  }
  return PingController;
}
