import path from 'node:path';
import type { ConfigOf, storageSpecs } from '@embed/config';
import { FilesystemStorage } from './filesystem-storage';
import type { ObjectStorage } from './object-storage';
import { S3Storage } from './s3-storage';

export type StorageConfig = Pick<ConfigOf<typeof storageSpecs>, 'STORAGE_DRIVER' | 'STORAGE_DIR' | 'STORAGE_SIGNING_SECRET' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_PUBLIC_ENDPOINT'>;

/** The configured driver. S3 credentials come from the SDK's usual chain (environment, pod identity). */
export function openStorage(config: StorageConfig): ObjectStorage {
  if (config.STORAGE_DRIVER === 's3') {
    if (!config.S3_BUCKET) throw new Error('S3_BUCKET is required when STORAGE_DRIVER is s3');
    const client = (endpoint: string) => ({ region: config.S3_REGION, endpoint: endpoint || undefined, forcePathStyle: endpoint !== '' });
    return new S3Storage(config.S3_BUCKET, client(config.S3_ENDPOINT), client(config.S3_PUBLIC_ENDPOINT || config.S3_ENDPOINT));
  }
  return new FilesystemStorage(path.resolve(config.STORAGE_DIR), config.STORAGE_SIGNING_SECRET);
}
