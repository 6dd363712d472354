import type { DesignDocument } from '@embed/design-document/model';
import type { Finding } from '../findings';
import type { PlacedBlock } from '../placed';

/** A finding before its English message is written. */
export type Draft = Omit<Finding, 'message'>;

/** What every check reads: the document and its blocks placed once. */
export interface CheckInput {
  document: DesignDocument;
  blocks: PlacedBlock[];
}

export type Check = (input: CheckInput) => Draft[];

/** Text quoted in a message, cut to a length that fits a panel line. */
export function excerpt(text: string, max = 40): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
