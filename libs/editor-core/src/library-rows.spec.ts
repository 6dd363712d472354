import fc from 'fast-check';
import { DESIGN_MODES, type DesignDocument, type Row, type TextBlock } from '@embed/design-document/model';
import { applyCommand } from './commands';
import { libraryRowInsertion } from './library-rows';
import { CommandError } from './paths';
import { exampleDesign } from './testing/designs';

const text = (id: string, words: string): Row => ({ id, columns: [{ blocks: [{ type: 'text', id: `${id}-t`, content: [{ type: 'paragraph', content: [{ text: words }] }] }] }] });
const design = (...rows: Row[]): DesignDocument => ({ schemaVersion: 1, mode: 'email', settings: { subject: 'Hi' }, body: { rows } });
const saved = (row: Row, flags: { locked?: boolean; synced?: boolean } = {}) => ({ id: 'row_01hzzzzzzzzzzzzzzzzzzzzzzz', row, locked: false, synced: false, ...flags });

describe('libraryRowInsertion', () => {
  it('inserts a copy whose ids are unique in the design, undone by removing it', () => {
    const doc = design(text('footer', 'Ours'));
    const applied = applyCommand(doc, libraryRowInsertion(doc, 1, saved(text('footer', 'Theirs'))));
    expect(applied.doc.body.rows[1]).toEqual({ ...text('footer-copy', 'Theirs'), columns: [{ blocks: [{ ...text('x', 'Theirs').columns[0].blocks[0], id: 'footer-t-copy' }] }] });
    expect(applyCommand(applied.doc, applied.inverse).doc).toEqual(doc);
  });

  it('marks a locked row locked and a synced one with the saved row’s id, whatever the saved content says', () => {
    const doc = design();
    const { locked: _, ...plain } = { ...text('legal', 'Legal'), locked: true };
    expect(applyCommand(doc, libraryRowInsertion(doc, 0, saved({ ...plain, locked: true }, { locked: true }))).doc.body.rows[0]).toEqual({ ...plain, locked: true });
    expect(applyCommand(doc, libraryRowInsertion(doc, 0, saved({ ...plain, locked: true }, { synced: true }))).doc.body.rows[0]).toEqual({ ...plain, syncedRowId: 'row_01hzzzzzzzzzzzzzzzzzzzzzzz' });
  });
});

describe('library rows and the design’s languages', () => {
  const paragraph = (said: string) => [{ type: 'paragraph' as const, content: [{ text: said }] }];
  const translated = (id: string, said: string, translations: Record<string, string>): Row => ({
    ...text(id, said),
    columns: [{ blocks: [{ ...(text(id, said).columns[0].blocks[0] as TextBlock), translations: Object.fromEntries(Object.entries(translations).map(([tag, words]) => [tag, { content: paragraph(words) }])) }] }],
  });
  const translationsOf = (row: Row) => (row.columns[0].blocks[0] as { translations?: object }).translations;

  it('inserts a saved row translated only into the languages the design has', () => {
    const doc = { ...design(), languages: ['fr'] };
    const { doc: inserted } = applyCommand(doc, libraryRowInsertion(doc, 0, saved(translated('offer', 'Offer', { fr: 'Offre', es: 'Oferta' }))));
    expect(translationsOf(inserted.body.rows[0])).toEqual({ fr: { content: paragraph('Offre') } });
    const { doc: english } = applyCommand(design(), libraryRowInsertion(design(), 0, saved(translated('offer', 'Offer', { fr: 'Offre' }))));
    expect(translationsOf(english.body.rows[0])).toBeUndefined();
  });

  it('adds a language to a design with locked and synced rows, copying only the texts a person may edit', () => {
    const synced = (id: string, editable: boolean): Row => ({ ...text(id, id), syncedRowId: 'row_01hzzzzzzzzzzzzzzzzzzzzzzz', ...(editable && { syncedTextsEditable: true }) });
    const doc = design(text('own', 'Own'), { ...text('legal', 'Legal'), locked: true }, synced('banner', false), synced('offer', true));
    const { doc: added } = applyCommand(doc, { type: 'addLanguage', language: 'de' });
    expect(added.languages).toEqual(['de']);
    expect(added.body.rows.map(translationsOf)).toEqual([{ de: { content: paragraph('Own') } }, undefined, undefined, { de: { content: paragraph('offer') } }]);
  });

  it('adds a language to any example design, whichever of its rows come from the library and how', () => {
    const kind = fc.constantFrom('own', 'locked', 'synced', 'editable', 'locked synced');
    fc.assert(
      fc.property(fc.constantFrom(...DESIGN_MODES), fc.array(kind, { minLength: 12, maxLength: 12 }), (mode, kinds) => {
        const doc = exampleDesign(mode);
        const rows = doc.body.rows.map((row, r) => ({
          ...row,
          id: row.id ?? `row-${r}`,
          ...(kinds[r].includes('locked') && { locked: true }),
          ...(kinds[r].includes('synced') && { syncedRowId: 'row_01hzzzzzzzzzzzzzzzzzzzzzzz' }),
          ...(kinds[r] === 'editable' && { syncedRowId: 'row_01hzzzzzzzzzzzzzzzzzzzzzzz', syncedTextsEditable: true }),
        }));
        const before = { ...doc, body: { ...doc.body, rows } } as DesignDocument;
        expect(applyCommand(before, { type: 'addLanguage', language: 'de' }).doc.languages).toContain('de');
      }),
      { numRuns: 60 },
    );
  });
});

describe('applyCommand and library rows', () => {
  const locked: Row = { ...text('legal', 'Legal'), locked: true };

  it('refuses an edit of a locked row, its removal and a move past another locked row, naming the row', () => {
    const doc = design(text('a', 'A'), locked);
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error instanceof CommandError ? [error.reason, error.message] : error;
      }
      return null;
    };
    expect(refusal(() => applyCommand(doc, { type: 'removeRow', index: 1 }))).toEqual(['row_locked', 'row "legal" is locked: it cannot be deleted']);
    expect(refusal(() => applyCommand(doc, { type: 'patchRow', index: 1, patch: { style: { backgroundColor: '#000000' } } }))).toEqual(['row_locked', 'row "legal" is locked: it cannot be changed']);
    expect(refusal(() => applyCommand(doc, { type: 'removeBlock', at: { row: 1, column: 0, block: 0 } }))).toEqual(['row_locked', 'row "legal" is locked: it cannot be changed']);
    // Rows around it still come and move.
    expect(applyCommand(doc, { type: 'moveRow', from: 0, to: 1 }).doc.body.rows.map((row) => row.id)).toEqual(['legal', 'a']);
  });

  it('refuses a change of a synced row and lets it move or go', () => {
    const synced: Row = { ...text('banner', 'Sale'), syncedRowId: 'row_01hzzzzzzzzzzzzzzzzzzzzzzz' };
    const doc = design(synced, text('a', 'A'));
    expect(() => applyCommand(doc, { type: 'patchRow', index: 0, patch: { style: { backgroundColor: '#000000' } } })).toThrow('row "banner" is synced');
    expect(applyCommand(doc, { type: 'removeRow', index: 0 }).doc.body.rows).toEqual([text('a', 'A')]);
  });
});
