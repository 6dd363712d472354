import type { Provider } from '@nestjs/common';
import { type ConfigOf, storageSpecs } from '@embed/config';
import { readinessChecks } from '@embed/service-runtime';
import { ObjectStorage, openStorage } from '@embed/storage';
import { FILE_LINKS, type FileLinks } from '../common/file-links';
import { StagingSweep } from '../images/staging-sweep';
import { ImageLibraryService } from '../images/image-library.service';
import { StoreImage } from '../images/store-image';
import { ExportDesign } from './export-design';
import { RendererClient } from './renderer-client';

/** What exports and image uploads need: the renderer, the storage files go to (checked for readiness), and where links point and how long they last. */
export function fileProviders(config: ConfigOf<typeof storageSpecs>): Provider[] {
  const links: FileLinks = { publicBaseUrl: config.PUBLIC_BASE_URL, retentionHours: config.EXPORT_RETENTION_HOURS };
  const storage = openStorage(config);
  return [
    ExportDesign,
    RendererClient,
    StoreImage,
    ImageLibraryService,
    StagingSweep,
    { provide: ObjectStorage, useValue: storage },
    { provide: FILE_LINKS, useValue: links },
    readinessChecks({ store: (signal) => storage.check(signal) }),
  ];
}
