import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DesignDocument, DesignMode, EmailDesign } from '@embed/design-document';
import { newBlock, newRow } from '../new-blocks';

/** The repository's example design of a mode (docs/examples/designs), fresh each time. */
export const exampleDesign = (mode: DesignMode): DesignDocument =>
  JSON.parse(readFileSync(path.resolve(__dirname, `../../../../docs/examples/designs/${mode}.json`), 'utf8'));

export const exampleEmail = () => exampleDesign('email') as EmailDesign;

/** Two rows: the first with two columns of two blocks each (text, heading | image, button), the second with one column of one divider. */
export function twoRowGrid(): DesignDocument {
  const doc = { ...exampleEmail(), body: { rows: [newRow(2), newRow(1)] } };
  doc.body.rows[0].columns[0].blocks = [newBlock('text'), newBlock('heading')];
  doc.body.rows[0].columns[1].blocks = [newBlock('image'), newBlock('button')];
  doc.body.rows[1].columns[0].blocks = [newBlock('divider')];
  return doc;
}
