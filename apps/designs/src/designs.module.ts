import { type DynamicModule, Module } from '@nestjs/common';
import { cursorSpecs, databaseSpecs, storageSpecs } from '@embed/config';
import { DataAccessModule } from '@embed/data-access';
import { KeysetCursorCodec } from '@embed/paging';
import { BackendServiceModule, type BackendConfig, ServiceClientModule } from '@embed/service-runtime';
import { DesignsController } from './designs/designs.controller';
import { DesignsService } from './designs/designs.service';
import { ExportsController } from './exports/exports.controller';
import { ExportsService } from './exports/exports.service';
import { fileExportProviders } from './exports/file-exports.providers';
import { PeopleService } from './people/people.service';
import { TokensController } from './tokens/tokens.controller';
import { TokensService } from './tokens/tokens.service';

export const designsSpecs = { ...databaseSpecs, ...cursorSpecs, ...storageSpecs };

/** Owns designs, restore points and people: the editor's and the server API's data. */
@Module({})
export class DesignsModule {
  static register(config: BackendConfig<typeof designsSpecs>): DynamicModule {
    return {
      module: DesignsModule,
      imports: [
        BackendServiceModule.forService('designs', config.LOG_LEVEL),
        DataAccessModule.forRoot(config.DATABASE_URL),
        // Exports ask the renderer over NATS.
        ServiceClientModule.forRoot(config.NATS_URL),
      ],
      controllers: [TokensController, DesignsController, ExportsController],
      providers: [
        PeopleService,
        TokensService,
        DesignsService,
        ExportsService,
        ...fileExportProviders(config),
        { provide: KeysetCursorCodec, useFactory: () => new KeysetCursorCodec(config.CURSOR_SECRET) },
      ],
    };
  }
}
