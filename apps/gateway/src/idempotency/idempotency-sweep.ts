import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { IdempotencyRepository } from '@embed/data-access';

/** How often expired keys are deleted. An expired key is already ignored when it is looked up: this only frees the space. */
const SWEEP_INTERVAL_MS = 10 * 60_000;

/** Deletes Idempotency-Keys past their 24 hours, from every gateway (each sweep is one DELETE; running it twice is harmless). */
@Injectable()
export class IdempotencySweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(IdempotencySweep.name);
  private timer?: NodeJS.Timeout;

  constructor(private readonly records: IdempotencyRepository) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async sweep(): Promise<void> {
    try {
      const deleted = await this.records.deleteExpired();
      if (deleted > 0) this.logger.log({ deleted }, 'expired idempotency keys deleted');
    } catch (error) {
      this.logger.warn({ err: error }, 'expired idempotency keys could not be deleted; the next sweep tries again');
    }
  }
}
