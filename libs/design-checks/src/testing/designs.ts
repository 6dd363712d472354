import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Block, type DesignDocument, type EmailDesign, type Row, validateDesign } from '@embed/design-document';

/** One of the repository's example designs, fresh each time. */
export const example = <T extends DesignDocument>(mode: string): T =>
  JSON.parse(readFileSync(path.resolve(__dirname, '../../../../docs/examples/designs', `${mode}.json`), 'utf8'));

/** A row of one column holding `blocks`. */
export const row = (blocks: Block[], style?: Row['style'], columnStyle?: Row['columns'][number]['style']): Row => ({
  ...(style ? { style } : {}),
  columns: [{ blocks, ...(columnStyle ? { style: columnStyle } : {}) }],
});

/** A small email that passes every check, with `rows` before its footer. */
export function email(rows: Row[], body: EmailDesign['body']['style'] = {}): EmailDesign {
  return {
    schemaVersion: 1,
    mode: 'email',
    settings: { subject: 'Hello', preheader: 'A short preview line' },
    body: {
      style: body,
      rows: [...rows, row([{ type: 'text', content: [{ type: 'paragraph', content: [{ text: 'Unsubscribe', href: '{{unsubscribe_url}}' }] }] }])],
    },
  };
}

export const text = (words: string, style?: Extract<Block, { type: 'text' }>['style']): Block => ({
  type: 'text', content: [{ type: 'paragraph', content: [{ text: words }] }], ...(style ? { style } : {}),
});

/** What the validator says is wrong with a document: nothing for a valid one. */
export function errorsOf(document: DesignDocument): string[] {
  const validation = validateDesign(document);
  return validation.valid ? [] : validation.errors;
}
