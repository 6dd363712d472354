import { type DynamicModule, Module } from '@nestjs/common';
import { DatabaseHealth } from './database-health';
import { DeliveriesRepository } from './deliveries/deliveries.repository';
import { DesignsRepository } from './designs/designs.repository';
import { EditorTokensRepository } from './editor-tokens/editor-tokens.repository';
import { ErasureRepository } from './erasure/erasure.repository';
import { ExportRecordsRepository } from './exports/export-records.repository';
import { IdempotencyRepository } from './idempotency/idempotency.repository';
import { ImagesRepository } from './images/images.repository';
import { KeysRepository } from './keys/keys.repository';
import { OutboxRelayRepository } from './outbox/outbox-relay.repository';
import { PeopleRepository } from './people/people.repository';
import { type DatabaseConfig, PrismaService } from './prisma.service';
import { ProjectsRepository } from './projects/projects.repository';
import { QuotasRepository } from './quotas/quotas.repository';
import { SitesRepository } from './sites/sites.repository';
import { TemplatesRepository } from './templates/templates.repository';
import { BrandKitsRepository } from './brand-kits/brand-kits.repository';
import { SavedRowsRepository } from './saved-rows/saved-rows.repository';
import { WebhooksRepository } from './webhooks/webhooks.repository';
import { WorkspacesRepository } from './workspaces/workspaces.repository';

const repositories = [
  WorkspacesRepository,
  ProjectsRepository,
  KeysRepository,
  SitesRepository,
  WebhooksRepository,
  PeopleRepository,
  EditorTokensRepository,
  DesignsRepository,
  ExportRecordsRepository,
  ImagesRepository,
  OutboxRelayRepository,
  DeliveriesRepository,
  ErasureRepository,
  IdempotencyRepository,
  QuotasRepository,
  TemplatesRepository,
  BrandKitsRepository,
  SavedRowsRepository,
];

@Module({})
export class DataAccessModule {
  static forRoot(database: DatabaseConfig): DynamicModule {
    return {
      module: DataAccessModule,
      global: true,
      providers: [{ provide: PrismaService, useFactory: () => new PrismaService(database) }, DatabaseHealth, ...repositories],
      exports: [DatabaseHealth, ...repositories],
    };
  }
}

/** The repositories without Nest, for command-line tools; `close` ends the connection pool. */
export function openRepositories(database: DatabaseConfig) {
  const prisma = new PrismaService(database);
  return {
    workspaces: new WorkspacesRepository(prisma),
    projects: new ProjectsRepository(prisma),
    keys: new KeysRepository(prisma),
    sites: new SitesRepository(prisma),
    webhooks: new WebhooksRepository(prisma),
    deliveries: new DeliveriesRepository(prisma),
    quotas: new QuotasRepository(prisma),
    close: () => prisma.close(),
  };
}
export type Repositories = ReturnType<typeof openRepositories>;
