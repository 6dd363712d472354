import type { DesignDocument } from '@embed/design-document/model';

/** What a new design starts from when the page gives no template: an email with one empty row, its subject in the editor's language. */
export function blankDesign(subject: string): DesignDocument {
  return { schemaVersion: 1, mode: 'email', settings: { subject }, body: { rows: [{ columns: [{ blocks: [] }] }] } };
}
