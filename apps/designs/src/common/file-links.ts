/** Where links to stored files (exports, uploaded images) point, and how long an export's link lasts. */
export interface FileLinks {
  /** The gateway's public address, which a relative (filesystem) download link is joined to. */
  publicBaseUrl: string;
  retentionHours: number;
}
export const FILE_LINKS = Symbol('FILE_LINKS');
