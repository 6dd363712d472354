import { Injectable } from '@nestjs/common';
import { BACKEND_SERVICES, budgetOf, pingSubject } from '@embed/contracts';
import { DatabaseHealth } from '@embed/data-access';
import { CHECK_TIMEOUT_MS, RedisConnection, type ReadinessChecks, type ReadinessReport, runReadinessChecks, ServiceClient } from '@embed/service-runtime';
import { ObjectStorage } from '@embed/storage';

@Injectable()
export class ReadinessService {
  constructor(
    private readonly database: DatabaseHealth,
    private readonly redis: RedisConnection,
    private readonly services: ServiceClient,
    private readonly storage: ObjectStorage,
  ) {}

  /** PostgreSQL, Redis, NATS, the store and every back-end service, each within CHECK_TIMEOUT_MS. */
  check(): Promise<ReadinessReport> {
    const checks: ReadinessChecks = {
      postgres: () => this.database.ping(),
      redis: () => this.redis.ping(),
      nats: () => this.services.pingNats(CHECK_TIMEOUT_MS),
      store: (signal) => this.storage.check(signal),
    };
    for (const service of BACKEND_SERVICES) {
      // The ping's budget is the check's time plus the hop's margin, ours to wait for the answer.
      const subject = pingSubject(service);
      checks[service] = () => this.services.request(subject, {}, Date.now() + budgetOf(subject));
    }
    return runReadinessChecks(checks);
  }
}
