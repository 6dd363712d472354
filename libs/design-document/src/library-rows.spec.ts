import { lockedRowChange, rowInLanguages, syncedRowEdit, syncedRowIds, syncedRowReferences, syncedRowsForRender, textsEditable, withSyncedRows } from './library-rows';
import { validateDesign } from './validate';
import type { DesignDocument, Row } from './types';

const text = (id: string, words: string): Row => ({ id, columns: [{ blocks: [{ type: 'text', id: `${id}-t`, content: [{ type: 'paragraph', content: [{ text: words }] }] }] }] });
const design = (...rows: Row[]): DesignDocument => ({ schemaVersion: 1, mode: 'email', settings: { subject: 'Hi' }, body: { rows } });
const footer: Row = { ...text('footer', 'Legal text'), locked: true };

describe('lockedRowChange', () => {
  it('lets rows come, go and move around a locked row that stays as it was', () => {
    expect(lockedRowChange(design(text('a', 'A'), footer), design(text('b', 'B'), footer, text('a', 'A changed')))).toBeNull();
  });

  it('names the locked row that is changed, deleted or moved past another locked row', () => {
    expect(lockedRowChange(design(footer), design({ ...footer, columns: text('x', 'Other').columns }))).toBe('row "footer" is locked: it cannot be changed');
    expect(lockedRowChange(design(footer), design({ ...footer, locked: false }))).toBe('row "footer" is locked: it cannot be changed');
    expect(lockedRowChange(design(text('a', 'A'), footer), design(text('a', 'A')))).toBe('row "footer" is locked: it cannot be deleted');
    const header: Row = { ...text('header', 'Logo'), locked: true };
    expect(lockedRowChange(design(header, footer), design(footer, header))).toBe('row "footer" is locked: it cannot be moved');
  });

  it('finds a locked row without an id by its place among the locked rows, and names it by its place', () => {
    const { id: _id, ...anonymous } = footer;
    expect(lockedRowChange(design(text('a', 'A'), anonymous), design(anonymous, text('a', 'A')))).toBeNull();
    expect(lockedRowChange(design(text('a', 'A'), anonymous), design(text('a', 'A')))).toBe('row body.rows[1] is locked: it cannot be deleted');
  });

  it('does not mind the order of an object’s keys', () => {
    const reordered = JSON.parse(JSON.stringify({ locked: true, columns: footer.columns, id: 'footer' })) as Row;
    expect(lockedRowChange(design(footer), design(reordered))).toBeNull();
  });
});

describe('withSyncedRows', () => {
  const synced: Row = { ...text('mine', 'Old copy'), syncedRowId: 'row_01hzzzzzzzzzzzzzzzzzzzzzzz' };

  it('shows the saved row’s current content under the design’s own id and reference', () => {
    const current = new Map([[synced.syncedRowId!, { ...text('saved', 'New words'), style: { backgroundColor: '#ffffff' } }]]);
    const shown = withSyncedRows(design(text('a', 'A'), synced), current);
    expect(shown.body.rows[1]).toEqual({ ...text('saved', 'New words'), id: 'mine', syncedRowId: synced.syncedRowId, style: { backgroundColor: '#ffffff' } });
    expect(shown.body.rows[0]).toEqual(text('a', 'A'));
  });

  it('keeps a locked synced row locked, whatever the saved row says', () => {
    const current = new Map([[synced.syncedRowId!, text('saved', 'New words')]]);
    expect(withSyncedRows(design({ ...synced, locked: true }), current).body.rows[0]).toEqual({ ...text('saved', 'New words'), id: 'mine', locked: true, syncedRowId: synced.syncedRowId });
    expect(withSyncedRows(design(synced), new Map([[synced.syncedRowId!, { ...text('saved', 'New words'), locked: true }]])).body.rows[0]).not.toHaveProperty('locked');
  });

  it('keeps the last copy of a row whose saved row is gone, and the same document when nothing changes', () => {
    const doc = design(synced);
    expect(withSyncedRows(doc, new Map())).toBe(doc);
    expect(syncedRowIds(design(synced, synced, text('a', 'A')))).toEqual([synced.syncedRowId]);
  });
});

describe('syncedRowEdit', () => {
  const synced: Row = { ...text('banner', 'Sale'), syncedRowId: 'row_01hzzzzzzzzzzzzzzzzzzzzzzz' };

  it('lets a synced row move or go, and refuses a change to it', () => {
    expect(syncedRowEdit(design(synced, text('a', 'A')), design(text('a', 'A'), synced))).toBeNull();
    expect(syncedRowEdit(design(synced), design())).toBeNull();
    expect(syncedRowEdit(design(synced), design({ ...synced, style: { backgroundColor: '#000000' } }))).toBe(`row "banner" is synced with the project's library: it cannot be changed here`);
  });
});

describe('syncedRowsForRender', () => {
  const known = 'row_01hzzzzzzzzzzzzzzzzzzzzzzz';
  const unknown = 'row_01hyyyyyyyyyyyyyyyyyyyyyyy';
  const current = new Map([[known, text('saved', 'Current words')]]);

  it('shows the current content of the synced rows it knows and warns of each it does not, by place', () => {
    const doc = design(text('a', 'A'), { ...text('mine', 'Old copy'), syncedRowId: known }, { ...text('theirs', 'Their copy'), syncedRowId: unknown });
    expect(syncedRowReferences(doc)).toEqual([known, unknown]);
    const rendered = syncedRowsForRender(doc, current);
    expect((rendered.doc as DesignDocument).body.rows).toEqual([text('a', 'A'), { ...text('saved', 'Current words'), id: 'mine', syncedRowId: known }, doc.body.rows[2]]);
    expect(rendered.warnings).toEqual([`body.rows[2] names synced row "${unknown}", which is not a synced row of this project in this environment: the row's own content was rendered`]);
    expect(doc.body.rows[1]).toEqual({ ...text('mine', 'Old copy'), syncedRowId: known });
  });

  it('leaves a document it cannot read as it is, for the renderer to refuse', () => {
    for (const doc of [null, 'text', [], { body: null }, { body: { rows: 'x' } }, { body: { rows: [null, 3, { syncedRowId: 7 }] } }]) {
      expect(syncedRowReferences(doc)).toEqual([]);
      expect(syncedRowsForRender(doc, current)).toEqual({ doc, warnings: [] });
    }
  });
});

describe('synced rows whose texts the integrator made editable', () => {
  const id = 'row_01hzzzzzzzzzzzzzzzzzzzzzzz';
  const button = (words: string, color: string) => ({ type: 'button' as const, id: 'cta', text: words, href: 'https://example.com', style: { buttonColor: color } });
  const saved = (words: string, color: string, editable = true): Row => ({ ...text('banner', words), columns: [{ blocks: [...text('x', words).columns[0].blocks, button(words, color)] }], ...(editable && { syncedTextsEditable: true }) });
  const own = (words: string, color: string): Row => ({ ...saved(words, color), id: 'mine', syncedRowId: id });

  it('keeps the design’s own texts and takes the rest from the saved row', () => {
    const shown = withSyncedRows(design(own('My words', '#000000')), new Map([[id, saved('Library words', '#1f5f4a')]])).body.rows[0];
    expect(shown).toEqual({ ...saved('My words', '#1f5f4a'), id: 'mine', syncedRowId: id });
  });

  it('takes every text from the saved row when it is not editable, whatever the copy says', () => {
    const forged = { ...own('My words', '#000000'), syncedTextsEditable: true };
    const shown = withSyncedRows(design(forged), new Map([[id, saved('Library words', '#1f5f4a', false)]])).body.rows[0];
    expect(shown).toEqual({ ...saved('Library words', '#1f5f4a', false), id: 'mine', syncedRowId: id });
  });

  it('lets the editor change the texts and nothing else', () => {
    const before = design(own('Words', '#1f5f4a'));
    expect(syncedRowEdit(before, design(own('New words', '#1f5f4a')))).toBeNull();
    expect(syncedRowEdit(before, design(own('Words', '#000000')))).toMatch(/is synced with the project's library/);
    expect(syncedRowEdit(design({ ...own('Words', '#1f5f4a'), syncedTextsEditable: undefined }), design({ ...own('New words', '#1f5f4a'), syncedTextsEditable: undefined }))).toMatch(/is synced/);
  });
});

describe('a library row in a design of its own languages', () => {
  const id = 'row_01hzzzzzzzzzzzzzzzzzzzzzzz';
  const words = (said: string) => [{ type: 'paragraph' as const, content: [{ text: said }] }];
  const image = { type: 'image' as const, id: 'pic', src: 'https://example.com/a.png', alt: 'A field', translations: { fr: { alt: 'Un champ' }, es: { alt: 'Un campo' } } };
  /** The library's row: a text and an image, translated into French and Spanish. */
  const saved = (editable: boolean): Row => ({
    id: 'lib',
    columns: [{ blocks: [{ type: 'text', id: 'say', content: words('Library words'), translations: { fr: { content: words('Mots') }, es: { content: words('Palabras') } } }, image] }],
    ...(editable && { syncedTextsEditable: true }),
  });
  /** The design's copy, with its own text and German translation. */
  const copy = (editable: boolean): Row => ({
    id: 'mine',
    syncedRowId: id,
    columns: [{ blocks: [{ type: 'text', id: 'say', content: words('My words'), translations: { de: { content: words('Meine Worte') } } }, { ...image, translations: { de: { alt: 'Ein Feld' } } }] }],
    ...(editable && { syncedTextsEditable: true }),
  });
  const inLanguages = (languages: string[] | undefined, ...rows: Row[]): DesignDocument => ({ ...design(...rows), ...(languages && { languages }) });
  const blocks = (doc: DesignDocument) => doc.body.rows[0].columns[0].blocks as unknown as { content?: unknown; translations?: unknown }[];

  it('shows a synced row only in the languages the design lists, so that the design stays valid', () => {
    const german = withSyncedRows(inLanguages(['fr', 'de'], copy(false)), new Map([[id, saved(false)]]));
    expect(blocks(german).map((block) => block.translations)).toEqual([{ fr: { content: words('Mots') } }, { fr: { alt: 'Un champ' } }]);
    expect(validateDesign(german).valid).toBe(true);
    const english = withSyncedRows(inLanguages(undefined, copy(false)), new Map([[id, saved(false)]]));
    expect(blocks(english).map((block) => block.translations)).toEqual([undefined, undefined]);
    expect(validateDesign(english).valid).toBe(true);
  });

  it('keeps the design’s own translations of the texts the integrator made editable, and the library’s of the rest', () => {
    const shown = withSyncedRows(inLanguages(['de', 'fr'], copy(true)), new Map([[id, saved(true)]]));
    expect(blocks(shown)[0]).toMatchObject({ content: words('My words'), translations: { de: { content: words('Meine Worte') } } });
    expect(blocks(shown)[1].translations).toEqual({ fr: { alt: 'Un champ' } });
    expect(validateDesign(shown).valid).toBe(true);
  });

  it('shows the same in a render’s document, not yet checked', () => {
    const { doc } = syncedRowsForRender(inLanguages(['fr'], copy(false)), new Map([[id, saved(false)]]));
    expect(blocks(doc as DesignDocument).map((block) => block.translations)).toEqual([{ fr: { content: words('Mots') } }, { fr: { alt: 'Un champ' } }]);
  });

  it('lets the editor translate an editable synced row’s texts, and nothing else of a synced or locked row', () => {
    const before = withSyncedRows(inLanguages(['de'], copy(true)), new Map([[id, saved(true)]]));
    const retranslated = (blockIndex: number, translation: object) => {
      const row = structuredClone(before.body.rows[0]);
      Object.assign(row.columns[0].blocks[blockIndex], { translations: { de: translation } });
      return inLanguages(['de'], row);
    };
    expect(syncedRowEdit(before, retranslated(0, { content: words('Andere Worte') }))).toBeNull();
    expect(syncedRowEdit(before, retranslated(1, { alt: 'Eine Wiese' }))).toMatch(/is synced/);
    const row = before.body.rows[0];
    const [text, picture] = row.columns[0].blocks;
    expect([textsEditable(row, text), textsEditable(row, picture)]).toEqual([true, false]);
    expect(textsEditable({ ...row, syncedTextsEditable: undefined }, text)).toBe(false);
    expect(textsEditable({ ...row, locked: true }, text)).toBe(false);
    expect(textsEditable({ ...row, syncedRowId: undefined, syncedTextsEditable: undefined }, picture)).toBe(true);
  });

  it('leaves out only translations into languages not listed, whatever the case of their regions', () => {
    const brazilian: Row = { columns: [{ blocks: [{ ...image, translations: { 'pt-BR': { alt: 'Um campo' }, es: { alt: 'Un campo' } } }] }] };
    expect(rowInLanguages(brazilian, ['pt-br']).columns[0].blocks[0]).toEqual({ ...image, translations: { 'pt-BR': { alt: 'Um campo' } } });
  });
});
