import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { EmailDesign } from '@embed/design-document';
import { layoutDesign } from './layout';
import { finishRender, referenceRender } from './render';
import { textOptionsKey } from './text';

const example = (): EmailDesign => JSON.parse(readFileSync(path.resolve(__dirname, '../../../docs/examples/designs/email.json'), 'utf8'));
const merge = (first_name: string) => ({ contact: { first_name }, unsubscribeUrl: 'https://esp.example/u/1', preferencesUrl: 'https://esp.example/p/1' });

// Which way a recipient's text is made, told by a compiled text marked at its start: the
// compiled revision is filled for values the converter writes as they are, and the text is
// converted again for the others. Either way it is the reference merge's text.
describe('a recipient’s plain text', () => {
  const layout = layoutDesign(example());
  const key = textOptionsKey(undefined);
  const compiled = layout.compiled.texts[key];
  if (!compiled) throw new Error('the example’s text compiles');
  const marked = { ...layout, compiled: { ...layout.compiled, texts: { [key]: { ...compiled, parts: [`MARK${compiled.parts[0]}`, ...compiled.parts.slice(1)] } } } };

  it('is the compiled text filled, with no conversion, when the values read as words', () => {
    expect(finishRender(marked, { merge: merge('Ada Lovelace') }).text).toBe(`MARK${referenceRender(layout, { merge: merge('Ada Lovelace') }).text}`);
  });

  it.each([' Ada', 'Ada  Lovelace', '', 'Ada\nLovelace'])('is converted again from the merged source for %j', (name) => {
    expect(finishRender(marked, { merge: merge(name) }).text).toBe(referenceRender(layout, { merge: merge(name) }).text);
  });

  it('is converted again when an address of a link is left out once filled', () => {
    const values = { ...merge('Ada'), unsubscribeUrl: 'javascript:alert(1)' };
    const text = finishRender(marked, { merge: values }).text;
    expect(text).toBe(referenceRender(layout, { merge: values }).text);
    expect(text).not.toContain('javascript');
  });

  it('compiles the text for other options when first asked for them, and keeps it in the layout', () => {
    const own = layoutDesign(example());
    expect(Object.keys(own.compiled.texts)).toEqual([key]);
    const text = finishRender(own, { merge: merge('Ada'), text: { links: false } }).text;
    expect(Object.keys(own.compiled.texts)).toEqual([key, textOptionsKey({ links: false })]);
    expect(text).toBe(referenceRender(own, { merge: merge('Ada'), text: { links: false } }).text);
    expect(text).not.toContain('https://');
  });
});
