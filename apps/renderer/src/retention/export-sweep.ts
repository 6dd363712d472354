import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { LONGEST_BUDGET_MS } from '@embed/contracts';
import { FilesystemStorage, ObjectStorage } from '@embed/storage';

export interface ExportSweepSettings {
  /** EXPORT_RETENTION_HOURS: how long an export's link works. */
  retentionHours: number;
  intervalMs: number;
}
export const EXPORT_SWEEP_SETTINGS = Symbol('EXPORT_SWEEP_SETTINGS');

/**
 * A file is written moments before its export is recorded and its link signed, both
 * within the export's budget (LONGEST_BUDGET_MS at most), on the clocks of two machines:
 * with that budget and 45 s for their clocks to differ, no link outlives its file.
 */
const GRACE_MS = LONGEST_BUDGET_MS + 45_000;

/**
 * Deletes exported files past their retention when they live on the filesystem driver:
 * at start-up, then every `intervalMs`. A file older than the retention has a link that
 * no longer works. Every renderer sweeps; sweeps only delete, and only what is past the
 * age, so several at once just repeat each other's work. On S3 the bucket's lifecycle
 * rule does this instead (docs/file-exports.md).
 */
@Injectable()
export class ExportSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ExportSweep.name);
  private timer?: NodeJS.Timeout;
  private sweeping: Promise<void> | null = null;

  constructor(
    private readonly storage: ObjectStorage,
    @Inject(EXPORT_SWEEP_SETTINGS) private readonly settings: ExportSweepSettings,
  ) {}

  onApplicationBootstrap(): void {
    if (!(this.storage instanceof FilesystemStorage)) return;
    void this.sweep(this.storage);
    const storage = this.storage;
    this.timer = setInterval(() => void this.sweep(storage), this.settings.intervalMs);
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }

  /** One sweep at a time: a slow one is not overtaken by the next tick. */
  private sweep(storage: FilesystemStorage): Promise<void> {
    this.sweeping ??= this.deleteExpired(storage).finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  private async deleteExpired(storage: FilesystemStorage): Promise<void> {
    const writtenBefore = new Date(Date.now() - this.settings.retentionHours * 3_600_000 - GRACE_MS);
    try {
      const deleted = await storage.deleteExportsWrittenBefore(writtenBefore);
      if (deleted > 0) this.logger.log(`deleted ${deleted} exported files written before ${writtenBefore.toISOString()}`);
    } catch (error) {
      this.logger.error(`the sweep of expired exports failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
