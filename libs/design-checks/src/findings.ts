/** The stable id of each check: the editor and integrators may match on it. */
export const CHECK_IDS = [
  'gmail-clipping',
  'image-alt',
  'inline-image',
  'link-address',
  'link-text',
  'contrast',
  'dark-contrast',
  'heading-order',
  'merge-tag',
  'unsubscribe-link',
  'email-subject',
  'email-preheader',
  'background-fallback',
  'popup-close',
  'untranslated',
  'off-brand-colour',
] as const;
export type CheckId = (typeof CHECK_IDS)[number];

/** Where a block sits in the body: row, column, and its place in the column (0-based, as the editor's BlockPath). */
export interface BlockPath {
  row: number;
  column: number;
  block: number;
}

/** What a finding is about, so the editor can select it. `id` is the element's own id when the document gives it one. */
export type Target =
  | { kind: 'design' }
  | { kind: 'setting'; field: 'subject' | 'preheader' | 'closeButton' }
  | { kind: 'row'; row: number; id?: string }
  | { kind: 'block'; path: BlockPath; id?: string }
  /** A block of a document's header or footer, repeated on every printed page. */
  | { kind: 'band'; band: 'header' | 'footer'; block: number; id?: string };

export type Params = Record<string, string | number>;

export interface Finding {
  check: CheckId;
  /** The message's key in the catalogue (DESIGN_CHECK_MESSAGES in English). */
  key: string;
  /** The message's values; `place` is added from `target` when it is written. */
  params: Params;
  target: Target;
  /** The message in English words, place included: what the server's `warnings` carry. */
  message: string;
}
