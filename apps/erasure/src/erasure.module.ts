import { type DynamicModule, Module } from '@nestjs/common';
import { num } from 'envalid';
import { databaseSpecs, redisSpecs, storageSpecs } from '@embed/config';
import { DataAccessModule } from '@embed/data-access';
import { BackendServiceModule, type BackendConfig, RedisModule } from '@embed/service-runtime';
import { ObjectStorage, openStorage } from '@embed/storage';
import { ErasureQueue } from './queue/erasure-queue';
import { EraseRequestsController } from './requests/erase-requests.controller';
import { ERASURE_BATCH_SIZE, ErasureWorker } from './worker/erasure.worker';

export const erasureSpecs = {
  ...databaseSpecs,
  ...redisSpecs,
  ...storageSpecs,
  /** Rows deleted per statement while erasing a person. */
  ERASURE_BATCH_SIZE: num({ default: 500 }),
};

/** Erases a person and all their data as a durable job, then reports it. */
@Module({})
export class ErasureModule {
  static register(config: BackendConfig<typeof erasureSpecs>): DynamicModule {
    return {
      module: ErasureModule,
      imports: [
        BackendServiceModule.forService('erasure', config.LOG_LEVEL),
        DataAccessModule.forRoot(config.DATABASE_URL),
        RedisModule.forRoot(config.REDIS_URL),
      ],
      controllers: [EraseRequestsController],
      providers: [
        ErasureQueue,
        ErasureWorker,
        { provide: ERASURE_BATCH_SIZE, useValue: config.ERASURE_BATCH_SIZE },
        { provide: ObjectStorage, useValue: openStorage(config) },
      ],
    };
  }
}
