import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { PeriodicTask } from '@embed/service-runtime';
import { FilesystemStorage, ObjectStorage, STAGING_MAX_AGE_MS } from '@embed/storage';

/**
 * Deletes staged uploads older than STAGING_MAX_AGE_MS on the filesystem driver: files an
 * upload wrote and never recorded nor removed, because its process died in between. At
 * start, then four times per that age. On S3 a lifecycle rule on `staging/` does this
 * (docs/erasure.md). Every replica sweeps; a file another took first is simply gone.
 */
@Injectable()
export class StagingSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(StagingSweep.name);
  private readonly task?: PeriodicTask;

  constructor(storage: ObjectStorage) {
    if (!(storage instanceof FilesystemStorage)) return;
    this.task = new PeriodicTask('the sweep of abandoned staged uploads', STAGING_MAX_AGE_MS / 4, async () => {
      const deleted = await storage.deleteStagedWrittenBefore(new Date(Date.now() - STAGING_MAX_AGE_MS));
      if (deleted > 0) this.logger.log({ deleted }, 'abandoned staged uploads deleted');
    }, this.logger);
  }

  onApplicationBootstrap(): void {
    this.task?.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.task?.stop();
  }
}
