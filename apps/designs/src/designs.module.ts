import { type DynamicModule, Module } from '@nestjs/common';
import { cursorSpecs, databaseSpecs, positiveInt, storageSpecs } from '@embed/config';
import { DataAccessModule } from '@embed/data-access';
import { KeysetCursorCodec } from '@embed/paging';
import { BackendServiceModule, type BackendConfig, ServiceClientModule } from '@embed/service-runtime';
import { DesignsController } from './designs/designs.controller';
import { DesignsService } from './designs/designs.service';
import { ExportsController } from './exports/exports.controller';
import { fileProviders } from './exports/exports.providers';
import { ImagesController } from './images/images.controller';
import { JournalKeysController } from './people/journal-keys.controller';
import { PeopleService } from './people/people.service';
import { BrandKitsController } from './brand-kits/brand-kits.controller';
import { BrandKitsService } from './brand-kits/brand-kits.service';
import { SavedRowsController } from './saved-rows/saved-rows.controller';
import { SavedRowsService } from './saved-rows/saved-rows.service';
import { TemplatesController } from './templates/templates.controller';
import { TemplatesService } from './templates/templates.service';
import { TEMPLATE_THUMBNAIL_SWEEP_MS, ThumbnailSweep } from './templates/thumbnail-sweep';
import { TokensController } from './tokens/tokens.controller';
import { TOKEN_SWEEP_MS, TokenSweep } from './tokens/token-sweep';
import { TokensService } from './tokens/tokens.service';

export const designsSpecs = {
  ...databaseSpecs,
  ...cursorSpecs,
  ...storageSpecs,
  /** How often expired editor tokens are deleted (docs/server-api.md). */
  TOKEN_SWEEP_MS: positiveInt({ default: 60_000 }),
  /** How often template thumbnails no template holds are looked for and deleted (docs/server-api.md, Templates). */
  TEMPLATE_THUMBNAIL_SWEEP_MS: positiveInt({ default: 3_600_000 }),
};

/** Owns people, designs and their restore points, uploaded images, export records, the projects' templates, brand kits and saved rows: the editor's and the server API's data. */
@Module({})
export class DesignsModule {
  static register(config: BackendConfig<typeof designsSpecs>): DynamicModule {
    return {
      module: DesignsModule,
      imports: [
        BackendServiceModule.forService('designs', config.LOG_LEVEL),
        DataAccessModule.forRoot(config),
        // Exports ask the renderer over NATS (exports/renderer-client.ts).
        ServiceClientModule.forRoot(config.NATS_URL),
      ],
      controllers: [TokensController, DesignsController, ExportsController, ImagesController, JournalKeysController, TemplatesController, BrandKitsController, SavedRowsController],
      providers: [
        PeopleService,
        TokensService,
        TokenSweep,
        { provide: TOKEN_SWEEP_MS, useValue: config.TOKEN_SWEEP_MS },
        DesignsService,
        TemplatesService,
        ThumbnailSweep,
        { provide: TEMPLATE_THUMBNAIL_SWEEP_MS, useValue: config.TEMPLATE_THUMBNAIL_SWEEP_MS },
        BrandKitsService,
        SavedRowsService,
        ...fileProviders(config),
        { provide: KeysetCursorCodec, useFactory: () => new KeysetCursorCodec(config.CURSOR_SECRET) },
      ],
    };
  }
}
