import fc from 'fast-check';
import { type Token, Tokenizer, TokenizerMode } from 'parse5';
import { layoutDesign } from './layout';
import { RunTokenizer } from './run-tokenizer';
import { design, MODES } from './testing/arbitrary-design';

// The run tokenizer must be parse5's tokenizer to the letter: over any markup, the same tokens
// (names, values, data, text runs) at the same locations (offsets, lines, columns), including
// where runs meet what takes its own turn: line breaks (CR, CRLF), surrogates, NULs, character
// references, capitals, the states this class leaves alone.

/**
 * Every token a tokenizer emits for `html`, written whole, and the error it stops at (parse5
 * throws on two low surrogates, which validation refuses before any render); raw-text elements
 * switched as parse5's tree builder switches them.
 */
function tokensOf(html: string, Kind: typeof Tokenizer): unknown[] {
  const tokens: unknown[] = [];
  const record = (kind: string) => (token: Token.Token) => tokens.push([kind, structuredClone(token)]);
  const SWITCHED: Record<string, Tokenizer['state']> = { title: TokenizerMode.RCDATA, style: TokenizerMode.RAWTEXT, script: TokenizerMode.SCRIPT_DATA };
  const tokenizer: Tokenizer = new Kind(
    { sourceCodeLocationInfo: true },
    {
      onStartTag: (token) => {
        record('start')(token);
        const state = SWITCHED[token.tagName];
        if (state !== undefined) tokenizer.state = state;
      },
      onEndTag: record('end'),
      onComment: record('comment'),
      onDoctype: record('doctype'),
      onEof: record('eof'),
      onCharacter: record('characters'),
      onWhitespaceCharacter: record('whitespace'),
      onNullCharacter: record('null'),
    },
  );
  try {
    tokenizer.write(html, true);
  } catch (error) {
    tokens.push(['error', String(error)]);
  }
  return tokens;
}

const PIECES = [
  '<', '>', '</', '/>', '<!--', '-->', '--', '-', '<!', '<!DOCTYPE html>', '<?', '=', '"', "'", '`', '&', '&amp;', '&lt', '&#123;', '&#x7b;', '&notit;',
  ' ', '\t', '\n', '\r', '\r\n', '\f', '\u0000', '\ud83d', '\ude00', '\ud83d\ude00', 'é', '\u00a0', '\u007f', '\u0001',
  'a', 'Z', 'div', 'TD', 'style', 'title', 'script', 'href', 'STYLE', 'x-y', 'color:#fff; margin:0 auto', '{{contact.a}}',
  '<style>', '</style>', '<title>', '<td style="', '<a HREF="', '<!--[if mso | IE]><table role="presentation"><![endif]-->',
];
const markup = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 40 }).map((parts) => parts.join(''));

describe('the run tokenizer', () => {
  it('reads any markup into the tokens parse5 reads, at the same locations', () => {
    fc.assert(
      fc.property(markup, (html) => {
        expect(tokensOf(html, RunTokenizer)).toEqual(tokensOf(html, Tokenizer));
      }),
      { numRuns: 2000 },
    );
  });

  it.each(MODES)('reads a laid-out %s as parse5 does', (mode) => {
    fc.assert(
      fc.property(design(mode), (doc) => {
        const { source } = layoutDesign(doc).html;
        expect(tokensOf(source, RunTokenizer)).toEqual(tokensOf(source, Tokenizer));
      }),
      { numRuns: 10 },
    );
  });
});
