import type { DesignDocument, Row } from '@embed/design-document/model';
import { applyCommand } from './commands';
import { libraryRowInsertion } from './library-rows';
import { CommandError } from './paths';

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
