import type { Provider } from '@nestjs/common';
import { type ConfigOf, storageSpecs } from '@embed/config';
import { ObjectStorage, openStorage } from '@embed/storage';
import { FILE_LINKS, type FileLinks, FileExportsService } from './file-exports.service';

/** What file exports need: the storage their links point into, and how long links last. */
export function fileExportProviders(config: ConfigOf<typeof storageSpecs>): Provider[] {
  const links: FileLinks = { publicBaseUrl: config.PUBLIC_BASE_URL, retentionHours: config.EXPORT_RETENTION_HOURS };
  return [FileExportsService, { provide: ObjectStorage, useValue: openStorage(config) }, { provide: FILE_LINKS, useValue: links }];
}
