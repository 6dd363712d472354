import { readFileSync } from 'node:fs';
import path from 'node:path';
import { designProblem } from './check';
import type { DesignDocument, EmailDesign } from './types';
import { validateDesign } from './validate';

const repo = path.resolve(__dirname, '../../..');
const example = (mode: string): DesignDocument => JSON.parse(readFileSync(path.join(repo, 'docs/examples/designs', `${mode}.json`), 'utf8'));

describe('designProblem', () => {
  it.each(['email', 'page', 'popup', 'document'])('takes the %s example, as the server does', (mode) => {
    expect(designProblem(example(mode))).toBeNull();
  });

  it('names the field the server would refuse, where the server names it', () => {
    const doc = example('email') as EmailDesign;
    doc.body.rows[0].columns[0].blocks[0] = { type: 'spacer', height: 500 };
    expect(validateDesign(doc)).toEqual({ valid: false, errors: [expect.stringMatching(/^\$\.body\.rows\[0\]\.columns\[0\]\.blocks\[0\]\.height /)] });
    expect(designProblem(doc)).toMatch(/^\$\.body\.rows\[0\]\.columns\[0\]\.blocks\[0\]\.height: .*400/);
  });

  it('refuses what the rules beyond the schema refuse', () => {
    const doc = example('email');
    doc.body.rows[0].columns[0].blocks[0] = { type: 'form', fields: [{ name: 'a', label: 'A', kind: 'text' }], submitText: 'Go' };
    expect(designProblem(doc)).toBe('$.body.rows[0].columns[0].blocks[0] is a form, which email designs cannot carry');
    expect(designProblem({ ...example('email'), subject: '\u0000' })).toBe('$.subject contains a NUL character (U+0000), which cannot be stored');
  });
});
