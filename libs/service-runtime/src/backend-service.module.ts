import { type DynamicModule, Module } from '@nestjs/common';
import type { BackendService } from '@embed/contracts';
import { LoggingModule } from './logging.module';
import { pingControllerFor } from './ping.controller';

/** What every back-end service has: JSON logging and an answer to readiness pings. */
@Module({})
export class BackendServiceModule {
  static forService(service: BackendService, logLevel: string): DynamicModule {
    return {
      module: BackendServiceModule,
      imports: [LoggingModule.forService(service, logLevel)],
      controllers: [pingControllerFor(service)],
    };
  }
}
