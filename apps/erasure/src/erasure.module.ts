import { type DynamicModule, Module } from '@nestjs/common';
import { num } from 'envalid';
import { databaseSpecs, erasureLedgerSpecs, positiveInt, redisSpecs, storageSpecs } from '@embed/config';
import { DataAccessModule } from '@embed/data-access';
import { BackendServiceModule, type BackendConfig, readinessChecks, RedisModule } from '@embed/service-runtime';
import { ObjectStorage, openStorage } from '@embed/storage';
import { ERASURE_LEDGER_KEY, ErasureLedger } from './ledger/erasure-ledger';
import { ErasureQueue } from './queue/erasure-queue';
import { EraseRequestsController } from './requests/erase-requests.controller';
import { ERASURE_SWEEP_MS, ErasureSweep } from './sweep/erasure-sweep';
import { ERASURE_BATCH_SIZE, ErasureWorker } from './worker/erasure.worker';

export const erasureSpecs = {
  ...databaseSpecs,
  ...redisSpecs,
  ...storageSpecs,
  ...erasureLedgerSpecs,
  /** Rows deleted per statement while erasing a person. */
  ERASURE_BATCH_SIZE: num({ default: 500 }),
  /** How often everyone still `erasing` is queued again (docs/erasure.md): the longest a lost job waits. */
  ERASURE_SWEEP_MS: positiveInt({ default: 60_000 }),
};

/** Erases a person and all their data as a durable job, then reports it. */
@Module({})
export class ErasureModule {
  static register(config: BackendConfig<typeof erasureSpecs>): DynamicModule {
    const storage = openStorage(config);
    return {
      module: ErasureModule,
      imports: [
        BackendServiceModule.forService('erasure', config.LOG_LEVEL),
        DataAccessModule.forRoot(config),
        RedisModule.forRoot(config.REDIS_URL),
      ],
      controllers: [EraseRequestsController],
      providers: [
        ErasureQueue,
        ErasureLedger,
        ErasureWorker,
        ErasureSweep,
        { provide: ERASURE_BATCH_SIZE, useValue: config.ERASURE_BATCH_SIZE },
        { provide: ERASURE_SWEEP_MS, useValue: config.ERASURE_SWEEP_MS },
        { provide: ERASURE_LEDGER_KEY, useValue: config.ERASURE_LEDGER_KEY },
        { provide: ObjectStorage, useValue: storage },
        readinessChecks({ store: (signal) => storage.check(signal) }),
      ],
    };
  }
}
