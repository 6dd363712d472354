import { Injectable } from '@nestjs/common';
import { BACKEND_SERVICES, type PingReply, pingSubject } from '@embed/contracts';
import { DatabaseHealth } from '@embed/data-access';
import { RedisConnection, ServiceClient } from '@embed/service-runtime';

/** Each dependency and each back-end service must answer within this time. */
const CHECK_TIMEOUT_MS = 1_000;

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, 'up' | string>;
  down: string[];
}

function withDeadline(work: Promise<unknown>): Promise<void> {
  return Promise.race([
    work.then(() => undefined),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)),
  ]);
}

@Injectable()
export class ReadinessService {
  constructor(
    private readonly database: DatabaseHealth,
    private readonly redis: RedisConnection,
    private readonly services: ServiceClient,
  ) {}

  /** Runs every check at once; a check that fails or is late names its target as down. */
  async check(): Promise<ReadinessReport> {
    const checks: Record<string, () => Promise<unknown>> = {
      postgres: () => this.database.ping(),
      redis: () => this.redis.ping(),
      nats: () => this.services.pingNats(CHECK_TIMEOUT_MS),
    };
    for (const service of BACKEND_SERVICES) {
      checks[service] = () => this.services.request<PingReply>(pingSubject(service), {}, CHECK_TIMEOUT_MS);
    }
    const names = Object.keys(checks);
    const results = await Promise.allSettled(names.map((name) => withDeadline(checks[name]())));
    const report: ReadinessReport = { ready: true, checks: {}, down: [] };
    results.forEach((result, i) => {
      if (result.status === 'fulfilled') {
        report.checks[names[i]] = 'up';
      } else {
        report.ready = false;
        report.down.push(names[i]);
        report.checks[names[i]] = result.reason instanceof Error ? result.reason.message : 'down';
      }
    });
    return report;
  }
}
