import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inLanguage } from './languages';
import type { DesignDocument } from './types';
import { validateDesign } from './validate';

// The example designs (docs/examples/designs) show every reader a phone override and a
// second language: each holds both, is valid, and reads differently in its second language.

const folder = path.resolve(__dirname, '../../../docs/examples/designs');
const examples = readdirSync(folder).map((file) => [file, JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as DesignDocument] as const);
const holders = (doc: DesignDocument) => doc.body.rows.flatMap((row) => [row, ...row.columns.flatMap((column) => column.blocks)]);

describe('the example designs', () => {
  it.each(examples)('%s holds a phone override and a second language, and is valid', (_file, doc) => {
    const validation = validateDesign(doc);
    expect(validation.valid ? [] : validation.errors).toEqual([]);
    expect(holders(doc).some((holder) => Object.keys(holder.phone ?? {}).length > 0)).toBe(true);
    expect(doc.languages?.length).toBeGreaterThan(0);
    const second = doc.languages![0];
    expect(JSON.stringify(inLanguage(doc, second).doc.body)).not.toBe(JSON.stringify(inLanguage(doc, doc.language ?? 'en').doc.body));
  });

  it('translates the forms of the page and the popup whole', () => {
    for (const [file, doc] of examples.filter(([, one]) => one.mode === 'page' || one.mode === 'popup')) {
      const { untranslated } = inLanguage(doc, doc.languages![0]);
      const forms = holders(doc).flatMap((holder, at) => ('type' in holder && holder.type === 'form' ? [at] : []));
      expect([file, forms.length]).not.toEqual([file, 0]);
      expect([file, untranslated.filter((one) => /^(fields|submitText|successMessage)/.test(one.text))]).toEqual([file, []]);
    }
  });
});
