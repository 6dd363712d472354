import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { EditorTokensRepository } from '@embed/data-access';
import { PeriodicTask } from '@embed/service-runtime';

/** TOKEN_SWEEP_MS: how often expired editor tokens are deleted. */
export const TOKEN_SWEEP_MS = Symbol('TOKEN_SWEEP_MS');

/**
 * Deletes expired editor tokens, which say who edited from which site: an expired token
 * is already refused, so this only keeps nothing longer than it is of use. Every replica
 * sweeps; each sweep is one DELETE, so they only repeat each other's work.
 */
@Injectable()
export class TokenSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(TokenSweep.name);
  private readonly task: PeriodicTask;

  constructor(tokens: EditorTokensRepository, @Inject(TOKEN_SWEEP_MS) intervalMs: number) {
    this.task = new PeriodicTask('the sweep of expired editor tokens', intervalMs, async () => {
      const deleted = await tokens.deleteExpired();
      if (deleted > 0) this.logger.log({ deleted }, 'expired editor tokens deleted');
    }, this.logger);
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.task.stop();
  }
}
