import type { TenantScope } from '@embed/contracts';

/** Whose files these are: every key of a person's files starts with their prefix, so erasure removes them in one call. */
export interface FileOwner extends TenantScope {
  personId: string;
}

export const CONTENT_TYPES = {
  pdf: 'application/pdf',
  png: 'image/png',
  zip: 'application/zip',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;
export type FileExtension = keyof typeof CONTENT_TYPES;

const ownerPath = ({ projectId, environment, personId }: FileOwner) => `${projectId}/${environment}/${personId}`;

export const exportKey = (owner: FileOwner, exportId: string, extension: FileExtension) => `exports/${ownerPath(owner)}/${exportId}.${extension}`;
export const imageKey = (owner: FileOwner, imageId: string, extension: FileExtension) => `images/${ownerPath(owner)}/${imageId}.${extension}`;

/**
 * An image of the project itself (uploaded by its integrator's server, offered to all its
 * people): under `project` where a person's images have their person id (`psn_…`), so no
 * person's prefix, and no erasure, ever covers it.
 */
const projectPath = ({ projectId, environment }: TenantScope) => `${projectId}/${environment}/project`;
export const projectImageKey = (scope: TenantScope, imageId: string, extension: FileExtension) => `images/${projectPath(scope)}/${imageId}.${extension}`;

/**
 * A template's thumbnail (a PNG the renderer makes): the project's, not a person's, and
 * kept as long as the template (no retention sweep), served on signed links as exports are.
 */
export const TEMPLATES_PREFIX = 'templates/';
export const templateThumbnailKey = ({ projectId, environment }: TenantScope, templateId: string, thumbnailId: string) =>
  `${TEMPLATES_PREFIX}${projectId}/${environment}/${templateId}/${thumbnailId}.png`;

/**
 * Where an upload writes its file before it is recorded: moved to its imageKey under the
 * person's lock, so the upload holds no database connection while it writes. A staged file
 * is never served; one a crash left behind is swept once STAGING_MAX_AGE_MS old.
 */
export const STAGING_PREFIX = 'staging/';
export const stagingKey = (owner: FileOwner, imageId: string, extension: FileExtension) => `${STAGING_PREFIX}${ownerPath(owner)}/${imageId}.${extension}`;
export const projectStagingKey = (scope: TenantScope, imageId: string, extension: FileExtension) => `${STAGING_PREFIX}${projectPath(scope)}/${imageId}.${extension}`;
/** Longer than any upload takes (its budget is seconds), so the sweep never takes a file an upload is about to record. */
export const STAGING_MAX_AGE_MS = 3_600_000;

/**
 * An uploaded image's thumbnail, beside it under the same prefix (so an erasure removes it
 * with the image, and a staged image's thumbnail is staged beside it): the image's key with
 * `-thumb.webp` in place of its extension.
 */
export const thumbnailKeyOf = (key: string) => `${key.slice(0, key.lastIndexOf('.'))}-thumb.webp`;

/** The prefixes under which a person's exported files, uploaded images and images being uploaded live. */
export const ownerPrefixes = (owner: FileOwner) => [`exports/${ownerPath(owner)}/`, `images/${ownerPath(owner)}/`, `${STAGING_PREFIX}${ownerPath(owner)}/`];

/** Uploaded images are public (emails show them to anyone): their links carry no signature. */
export const isImageKey = (key: string) => key.startsWith('images/');

/** The erasure ledger's entries (libs/erasure-ledger): one JSON object each, named by the time and a hash. */
export const LEDGER_PREFIX = 'erasure-ledger/';
export const ledgerKey = (name: string) => `${LEDGER_PREFIX}${name}.json`;
export const isLedgerKey = (key: string) => /^erasure-ledger\/[A-Za-z0-9_-]{1,100}\.json$/.test(key);

/** Keys the code above makes for files, and nothing else: no `..`, no empty segment, a known extension. */
export function isStorageKey(key: string): boolean {
  const match = /^(?:exports|images|templates)(?:\/[A-Za-z0-9_-]{1,100}){4}\.([a-z0-9]{2,4})$/.exec(key);
  return match !== null && match[1] in CONTENT_TYPES;
}

/** A staged upload's key (see stagingKey). */
export function isStagingKey(key: string): boolean {
  const match = /^staging(?:\/[A-Za-z0-9_-]{1,100}){4}\.([a-z0-9]{2,4})$/.exec(key);
  return match !== null && match[1] in CONTENT_TYPES;
}

export const contentTypeOf = (key: string): string => CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1) as FileExtension] ?? 'application/octet-stream';
