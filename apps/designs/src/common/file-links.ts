import { FILES_PATH } from '@embed/storage';

/** Where links to stored files (exports, uploaded images) point, and how long an export's link lasts. */
export interface FileLinks {
  /** The gateway's public address, which a relative (filesystem) download link is joined to. */
  publicBaseUrl: string;
  retentionHours: number;
}
export const FILE_LINKS = Symbol('FILE_LINKS');

/** An uploaded image's public address on the gateway: unsigned and long-lived (emails show images to anyone). */
export const publicImageUrl = (links: FileLinks, storageKey: string) => `${links.publicBaseUrl.replace(/\/$/, '')}${FILES_PATH}${storageKey}`;
