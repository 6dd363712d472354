import { importDesign } from './index';
import { markupDepth } from '@embed/render-core/sanitize';
import { withinTime } from '@embed/render-core/testing';
import { mergeTagReplacer } from './merge-tags';
import { ImportWarnings } from './warnings';

describe('markup depth', () => {
  it('counts nesting as written: void and self-closed elements add none', () => {
    expect(markupDepth('<p>a<b>b<i>c</i></b></p><p>d</p>')).toBe(3);
    expect(markupDepth('<p>a<br>b<img src=x><mj-spacer /></p>')).toBe(1);
    expect(markupDepth('</b></b><b>')).toBe(1);
  });

  it('keeps the parser from work that grows with the square of the depth: 100 000 nested tags are refused or read as text at once', () => {
    // This process's CPU time (withinTime): a parse squared in 100 000 levels takes minutes.
    const deep = `${'<b>'.repeat(100_000)}deep${'</b>'.repeat(100_000)}`;
    withinTime('refusing an MJML source', 1000, () =>
      expect(() => importDesign({ format: 'mjml', mode: 'email', source: `<mjml><mj-body><mj-section><mj-column><mj-text>${deep}</mj-text></mj-column></mj-section></mj-body></mjml>` })).toThrow(
        'mjml: elements are nested deeper than 500 levels',
      ),
    );
    // An html block is read up to 400 000 characters: 10 000 levels (70 000 characters) fit.
    const html = `${'<b>'.repeat(10_000)}deep${'</b>'.repeat(10_000)}`;
    const imported = withinTime('reading an Unlayer source', 1000, () =>
      importDesign({ format: 'unlayer', mode: 'email', source: { body: { rows: [{ columns: [{ contents: [{ type: 'text', values: { text: deep } }, { type: 'html', values: { html } }] }] }] } } }),
    );
    const { design, warnings } = imported;
    expect(design.body.rows[0].columns[0].blocks).toEqual([{ type: 'text', content: [{ type: 'paragraph', content: [{ text: 'deep' }] }] }, { type: 'html', html: 'deep' }]);
    expect(warnings.map(({ message }) => message)).toEqual(expect.arrayContaining([expect.stringMatching(/nested deeper than 500 levels was read as plain text/), expect.stringMatching(/nested deeper than 500 levels, kept as its text/)]));
  });
});

describe('merge tags', () => {
  it('maps the caller’s tags in one pass, the longest first, never reading a value put in again', () => {
    const replace = mergeTagReplacer({ '*|FNAME|*': '{{contact.first_name}}', '*|F': '{{contact.f}}', '{{contact.first_name}}': '{{contact.x}}' }, new ImportWarnings());
    expect(replace('Hi *|FNAME|* and *|F and {{contact.first_name}}')).toBe('Hi {{contact.first_name}} and {{contact.f}} and {{contact.x}}');
  });

  it('uses no tag that is not ours, and says so', () => {
    const warnings = new ImportWarnings();
    const replace = mergeTagReplacer({ '[name]': '<script>', '': '{{contact.a}}' }, warnings);
    expect(replace('[name]')).toBe('[name]');
    expect(warnings.all()).toHaveLength(2);
  });
});
