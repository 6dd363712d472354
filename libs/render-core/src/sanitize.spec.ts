import { sanitizeRawHtml } from './sanitize';
import { Warnings } from './warnings';

/** The sanitized HTML and the warning about it, if any. */
function sanitized(html: string): { html: string; warning: string | undefined } {
  const warnings = new Warnings();
  const clean = sanitizeRawHtml(html, 'block 1', warnings);
  return { html: clean, warning: warnings.list()[0] };
}

// The warning names what sanitize-html took out, as it decided: read from its own hooks,
// so what is reported is what left, written however the browser would read it.
describe('sanitizeRawHtml', () => {
  it('names refused elements, event handlers, unsafe addresses and CSS functions in that order', () => {
    const { html, warning } = sanitized(
      '<p style="color:red;background-image:url(https://t.example/p.gif)" onclick="x()">Hi</p><iframe src="https://x.example"></iframe><a href="vbscript:x">a</a><script>x()</script>',
    );
    expect(warning).toBe('Raw HTML in block 1: taken out <iframe>, <script>, event handler attributes (on...), unsafe URLs (javascript:, vbscript:, data:text), CSS url() and expression() in styles.');
    expect(html).toBe('<p style="color:red">Hi</p><a>a</a>');
  });

  it('reads addresses as the parser decodes them: entities and spaces do not hide a script', () => {
    expect(sanitized('<a href="&#106;ava&#x73;cript:x()">a</a>').warning).toContain('unsafe URLs');
    expect(sanitized('<a href=" \tjavascript:x()">a</a>').warning).toContain('unsafe URLs');
    expect(sanitized('<img src="data:text/html,x">').warning).toBeUndefined(); // kept: an image's data: is judged when the template is compiled
  });

  it('judges an image address whole for an import, which keeps no unsafe address in the document', () => {
    const judged = (html: string) => {
      const warnings = new Warnings();
      return { html: sanitizeRawHtml(html, 'block 1', warnings, { judgeAddresses: true }), warning: warnings.list()[0] };
    };
    expect(judged('<img src="data:text/html;base64,PHNjcmlwdD4=">')).toEqual({ html: '<img />', warning: 'Raw HTML in block 1: taken out unsafe URLs (javascript:, vbscript:, data:text).' });
    expect(judged('<img src="data:image/png;base64,iVBORw0KGgo=">')).toEqual({ html: '<img src="data:image/png;base64,iVBORw0KGgo=" />', warning: undefined });
  });

  it('keeps markup nested past the bound as its text, in time linear in its length', () => {
    // 33 000 nested <b> fit an html block: htmlparser2 took seconds on them, and mrml trapped.
    const deep = `${'<b>'.repeat(33_000)}deep${'</b>'.repeat(100)}`;
    const started = process.cpuUsage();
    const { html, warning } = sanitized(deep);
    const { user, system } = process.cpuUsage(started);
    expect((user + system) / 1000).toBeLessThan(1000);
    expect(html.trim()).toBe('deep');
    expect(warning).toBe('Raw HTML in block 1: nested deeper than 500 levels, kept as its text.');
    expect(sanitized(`${'<b>'.repeat(500)}x`).html).toContain('<b><b>');
  });

  it('names only what was taken out, not words in the text', () => {
    expect(sanitized('<p>Click on=yes, href=javascript:void, url(x) and 1 < 2</p>')).toEqual({
      html: '<p>Click on=yes, href=javascript:void, url(x) and 1 &lt; 2</p>',
      warning: undefined,
    });
    expect(sanitized('<a href="https://ok.example" style="color:#333">ok</a>').warning).toBeUndefined();
  });

  it('names a refused element with its attributes, whatever they are', () => {
    expect(sanitized('<form action="javascript:x()" onsubmit="y()"><input></form>').warning).toBe(
      'Raw HTML in block 1: taken out <form>, <input>, event handler attributes (on...), unsafe URLs (javascript:, vbscript:, data:text).',
    );
  });
});
