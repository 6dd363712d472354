import { type DynamicModule, Module } from '@nestjs/common';
import type { ConfigOf, storageSpecs } from '@embed/config';
import { ObjectStorage, openStorage } from '@embed/storage';

export interface FileSettings {
  publicBaseUrl: string;
  signingSecret: string;
}
export const FILE_SETTINGS = Symbol('FILE_SETTINGS');

/** The object storage and link settings the file routes need (the controllers are the gateway's). */
@Module({})
export class FilesModule {
  static register(config: ConfigOf<typeof storageSpecs>): DynamicModule {
    const settings: FileSettings = { publicBaseUrl: config.PUBLIC_BASE_URL.replace(/\/$/, ''), signingSecret: config.STORAGE_SIGNING_SECRET };
    const providers = [
      { provide: ObjectStorage, useValue: openStorage(config) },
      { provide: FILE_SETTINGS, useValue: settings },
    ];
    return { module: FilesModule, providers, exports: providers.map(({ provide }) => provide) };
  }
}
