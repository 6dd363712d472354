export { FilesystemStorage } from './filesystem-storage';
export { ObjectStorage, type DownloadLink, type StoredObject } from './object-storage';
export { openStorage, type StorageConfig } from './open-storage';
export { DELETE_ATTEMPTS, S3Storage } from './s3-storage';
export { type FileNotDeleted, FilesNotDeletedError, StorageUnavailableError, VersionedBucketError } from './storage-unavailable';
export { attachmentDisposition } from './attachment-disposition';
export { checkSignedFile, FILES_PATH, signedFilePath, type SignatureCheck, type SignedFile } from './signed-urls';
export {
  CONTENT_TYPES,
  contentTypeOf,
  exportKey,
  templateThumbnailKey,
  TEMPLATES_PREFIX,
  type FileExtension,
  type FileOwner,
  imageKey,
  isImageKey,
  isStagingKey,
  isLedgerKey,
  isStorageKey,
  LEDGER_PREFIX,
  ledgerKey,
  ownerPrefixes,
  projectImageKey,
  projectStagingKey,
  STAGING_MAX_AGE_MS,
  STAGING_PREFIX,
  stagingKey,
  thumbnailKeyOf,
} from './storage-keys';
export { type ImageDimensions, imageDimensions, type ImageExtension, sniffImage } from './image-type';
