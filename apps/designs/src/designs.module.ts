import { type DynamicModule, Module } from '@nestjs/common';
import { databaseSpecs } from '@embed/config';
import { DataAccessModule } from '@embed/data-access';
import { BackendServiceModule, type BackendConfig } from '@embed/service-runtime';

export const designsSpecs = { ...databaseSpecs };

/** Owns designs, restore points and people: the editor's and the server API's data. */
@Module({})
export class DesignsModule {
  static register(config: BackendConfig<typeof designsSpecs>): DynamicModule {
    return {
      module: DesignsModule,
      imports: [BackendServiceModule.forService('designs', config.LOG_LEVEL), DataAccessModule.forRoot(config.DATABASE_URL)],
    };
  }
}
