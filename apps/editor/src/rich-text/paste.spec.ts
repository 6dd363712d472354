import fc from 'fast-check';
import { documentContent, pastedText } from './paste';

describe('what a paste keeps', () => {
  it('keeps plain text line by line, without control characters', () => {
    expect(pastedText('one\r\ntwo\n\nth\u0000ree\u0007\tend')).toEqual([
      { type: 'paragraph', content: [{ text: 'one' }] },
      { type: 'paragraph', content: [{ text: 'two' }] },
      { type: 'paragraph', content: [] },
      { type: 'paragraph', content: [{ text: 'three\tend' }] },
    ]);
  });

  it('keeps links only to addresses the document allows, and joins the runs left alike', () => {
    expect(
      documentContent([
        {
          type: 'paragraph',
          content: [{ text: 'a', href: 'javascript:alert(1)' }, { text: 'b' }, { text: 'c', href: 'https://example.com/' }, { text: 'd', href: '{{unsubscribe_url}}', bold: true }],
        },
      ]),
    ).toEqual([{ type: 'paragraph', content: [{ text: 'ab' }, { text: 'c', href: 'https://example.com/' }, { text: 'd', bold: true, href: '{{unsubscribe_url}}' }] }]);
  });

  it('takes time linear in the paste: 326,000 characters of lines, controls or one line', () => {
    fc.assert(
      fc.property(fc.constantFrom('\n', '\r\n', '\r', '\u0000', 'a', ' \n', '\u0001\r'), (unit) => {
        const text = unit.repeat(Math.ceil(326_000 / unit.length)).slice(0, 326_000);
        const started = performance.now();
        documentContent(pastedText(text));
        // The clock, not CPU time (a browser project's types have no process): a linear reading
        // takes well under a second of CPU, a quadratic one minutes; CI's loaded cores once made
        // the linear one take 6.2 s of wall time.
        expect(performance.now() - started).toBeLessThan(20_000);
      }),
      { numRuns: 7 },
    );
  });
});
