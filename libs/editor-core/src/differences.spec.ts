import type { DesignDocument } from '@embed/design-document/model';
import { designDifferences } from './differences';

const text = (value: string) => ({ type: 'text', content: [{ type: 'paragraph', runs: [{ text: value }] }] });
const doc = (subject: string, blocks: unknown[], rows = 1): DesignDocument =>
  ({
    schemaVersion: 1,
    mode: 'email',
    settings: { subject, preheader: 'Spring' },
    body: { rows: Array.from({ length: rows }, () => ({ columns: [{ blocks }] })) },
  }) as unknown as DesignDocument;

describe('designDifferences', () => {
  it('finds nothing between equal designs, whatever their key order', () => {
    const mine = doc('Hi', [text('One')]);
    const reordered = { body: mine.body, settings: { preheader: 'Spring', subject: 'Hi' }, mode: 'email', schemaVersion: 1 } as unknown as DesignDocument;
    expect(designDifferences({ name: 'A', doc: mine }, { name: 'A', doc: reordered })).toEqual([]);
  });

  it('names the name, each setting, and each block by its place, with what only one version has', () => {
    const mine = doc('Mine', [text('One'), text('Two')], 2);
    const theirs = doc('Theirs', [text('One changed')], 1);
    expect(designDifferences({ name: 'Mine', doc: mine }, { name: 'Theirs', doc: theirs })).toEqual([
      { kind: 'name' },
      { kind: 'setting', key: 'subject' },
      { kind: 'block', row: 1, column: 1, position: 1, type: 'text', change: 'changed' },
      { kind: 'block', row: 1, column: 1, position: 2, type: 'text', change: 'added' },
      { kind: 'row', row: 2, change: 'added' },
    ]);
    expect(designDifferences({ name: 'A', doc: theirs }, { name: 'A', doc: mine }).at(-1)).toEqual({ kind: 'row', row: 2, change: 'removed' });
  });

  it('tells a change of the body’s style apart from the settings’', () => {
    const mine = doc('Hi', []);
    const theirs = { ...mine, body: { ...mine.body, style: { backgroundColor: '#ffffff' } } } as DesignDocument;
    expect(designDifferences({ name: 'A', doc: mine }, { name: 'A', doc: theirs })).toEqual([{ kind: 'setting', key: null }]);
  });
});
