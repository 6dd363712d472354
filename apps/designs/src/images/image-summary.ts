import type { ImageSummary } from '@embed/contracts';
import type { ImageRecord } from '@embed/data-access';
import { type FileLinks, publicImageUrl } from '../common/file-links';

/** An image as the libraries answer it: its public address (the one a design holds), its thumbnail's, and whose it is. */
export const imageSummary = ({ id, personId, storageKey, thumbnailKey, contentType, bytes, createdAt }: ImageRecord, links: FileLinks): ImageSummary => ({
  id,
  url: publicImageUrl(links, storageKey),
  thumbnailUrl: publicImageUrl(links, thumbnailKey ?? storageKey),
  owner: personId === null ? 'project' : 'person',
  contentType,
  bytes,
  createdAt: createdAt.toISOString(),
});
