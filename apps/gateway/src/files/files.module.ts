import { type DynamicModule, Module } from '@nestjs/common';
import type { ConfigOf, storageSpecs } from '@embed/config';
import { ObjectStorage, openStorage } from '@embed/storage';

export interface FileSettings {
  signingSecret: string;
}
export const FILE_SETTINGS = Symbol('FILE_SETTINGS');

/** The object storage and link signing the download route needs (the controllers are the gateway's); global, as readiness checks the store too. */
@Module({})
export class FilesModule {
  static register(config: ConfigOf<typeof storageSpecs>): DynamicModule {
    const settings: FileSettings = { signingSecret: config.STORAGE_SIGNING_SECRET };
    const providers = [
      { provide: ObjectStorage, useValue: openStorage(config) },
      { provide: FILE_SETTINGS, useValue: settings },
    ];
    return { module: FilesModule, global: true, providers, exports: providers.map(({ provide }) => provide) };
  }
}
