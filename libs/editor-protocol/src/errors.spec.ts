import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EDITOR_ERROR_CODES, editorError } from './errors';

const EDITOR_DOC = readFileSync(path.resolve(__dirname, '../../../docs/editor.md'), 'utf8');
/** The codes of the table in docs/editor.md: the first cell of each row, in backquotes. */
const DOCUMENTED = [...EDITOR_DOC.matchAll(/^\| `([a-z_]+)` \|/gm)].map((match) => match[1]);

describe('the editor error codes', () => {
  // The type checker holds the code to the list (EditorError's code is one of them or the API's).
  it('are each documented in docs/editor.md, with what a page should do, and nothing else is', () => {
    expect([...DOCUMENTED].sort()).toEqual([...EDITOR_ERROR_CODES].sort());
  });

  it('are the only codes the editor can make of its own', () => {
    // @ts-expect-error a code outside the list does not compile
    expect(editorError('editor_broken', 'x')).toEqual({ code: 'editor_broken', message: 'x' });
  });
});
