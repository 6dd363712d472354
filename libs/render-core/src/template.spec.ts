import { mergeTemplate, UnfilledTags } from './merge';
import { compileTemplate } from './template';
import { Warnings } from './warnings';

function merged(html: string, a: string) {
  const warnings = new Warnings();
  const template = compileTemplate(html, warnings);
  const unfilled = new UnfilledTags();
  return { html: mergeTemplate(template, { contact: { a } }, unfilled), unsafe: [...unfilled.unsafe], layoutWarnings: warnings.list(), template };
}

describe('merge template', () => {
  it('writes the layout back as it was when nothing is filled', () => {
    const html = '<p class="x">Hi {{contact.a}} &amp; &#39;you&#39;&nbsp;</p><a href="https://x.example/?a=1&amp;b={{contact.a}}">y</a>';
    expect(compileTemplate(html, new Warnings()).source).toBe(html);
  });

  it('fills text and attribute values escaped, and nothing in scripts, styles or attribute names', () => {
    const html = '<title>{{contact.a}}</title><style>p{content:"{{contact.a}}"}</style><script>var a = "{{contact.a}}";</script><p data-x="{{contact.a}}" {{contact.a}}="1">{{contact.a}}</p>';
    const result = merged(html, '"><b>x</b>');
    expect(result.html).toBe(
      '<title>&quot;&gt;&lt;b&gt;x&lt;/b&gt;</title><style>p{content:"{{contact.a}}"}</style><script>var a = "{{contact.a}}";</script>' +
        '<p data-x="&quot;&gt;&lt;b&gt;x&lt;/b&gt;" {{contact.a}}="1">&quot;&gt;&lt;b&gt;x&lt;/b&gt;</p>',
    );
  });

  it('leaves a tag in an event handler as written (script, no merge position), and writes an unquoted attribute quoted', () => {
    const result = merged('<p onclick="go(\'{{contact.a}}\')" ONMOUSEOVER={{contact.a}} title={{contact.a}}>x</p>', "'); steal('");
    expect(result.html).toBe('<p onclick="go(\'{{contact.a}}\')" ONMOUSEOVER={{contact.a}} title="&#39;); steal(&#39;">x</p>');
    expect(result.template.slots.map((slot) => slot.attribute)).toEqual(['title']);
  });

  it('judges addresses in foreign elements and in Outlook comments the same way', () => {
    const html = '<svg><a xlink:href="{{contact.a}}" href="https://ok.example/">x</a></svg><!--[if mso]><v:fill src="{{contact.a}}" /><![endif]-->';
    const result = merged(html, 'javascript:alert(1)');
    expect(result.html).not.toContain('javascript');
    expect(result.html).toContain('href="https://ok.example/"');
    expect(result.unsafe).toEqual(['{{contact.a}}']);
    expect(merged(html, 'https://fine.example/').html).toContain('<v:fill src="https://fine.example/" />');
  });

  it('leaves out the layout’s own unsafe addresses once, with a warning', () => {
    const result = merged('<a href="javascript:alert(1)" title="t">x</a><img src="data:image/png;base64,AA==">', '');
    expect(result.html).toBe('<a  title="t">x</a><img src="data:image/png;base64,AA==">');
    expect(result.layoutWarnings).toEqual(['The address javascript:alert(1) is not an http(s), mailto or tel address, so it was left out of the link or image it was for.']);
  });

  it('keeps a value inside the url() of a style', () => {
    const result = merged(`<div style="background:url('https://img.example/{{contact.a}}')">x</div>`, "a') ; background:url('javascript:alert(1)");
    expect(result.html).toBe(`<div style="background:url(&#39;https://img.example/a%27%29%20;%20background:url%28%27javascript:alert%281%29&#39;)">x</div>`);
  });

  it('finds tags and unsafe addresses written with character references, in any case, wherever they stand', () => {
    const html =
      '<p title="&#123;&#123;contact.a}}">x&#123;{contact.a}}</p><div style="background:URL(javascript:alert(1))">y</div>' +
      '<div style="background:url&#40;javascript:alert(2))">z</div><!--[if mso]><v:rect HREF="javascript:alert(3)"><![endif]-->';
    const result = merged(html, 'Ada');
    expect(result.html).toBe('<p title="Ada">xAda</p><div >y</div><div >z</div><!--[if mso]><v:rect ><![endif]-->');
    expect(result.layoutWarnings).toHaveLength(3);
  });

  // Read token by token, these would lose the link: each holds a start tag the tree builder reads otherwise (template.ts).
  it.each([
    ['a style a select ignores', '<select><style></select><a href="javascript:alert(1)">x</a></style>'],
    ['CDATA in svg', '<svg><![CDATA[ x> <a title="]]><a href="javascript:alert(1)">y</a></svg>'],
    ['a style a template\'s column group ignores', '<table><template><col><style></template><a href="javascript:alert(1)">x</a></style></table>'],
    ['a style in math', '<p><math><style><a href="javascript:alert(1)">z</a></style></math>'],
  ])('reads markup as the tree builder does where only it knows how: %s', (_, html) => {
    const result = merged(html, '');
    expect(result.html).not.toContain('javascript');
    expect(result.layoutWarnings).toHaveLength(1);
  });

  it('fills a tag in text a browser moves out of a table, as text (the tree builder would join it to the text before the table)', () => {
    const result = merged('<td>{{contact.a}}<table>{{contact.a}}<tr><td>x</td></tr></table></td>', '<b>');
    expect(result.html).toBe('<td>&lt;b&gt;<table>&lt;b&gt;<tr><td>x</td></tr></table></td>');
  });

  it('fills a tag after whitespace the tree builder drops where it stands, read the tree way too (parse5 places that text a character late)', () => {
    const fill = (html: string, tree: boolean) => mergeTemplate(compileTemplate(html, new Warnings(), { tree }), { contact: { a: 'Ada' } }, new UnfilledTags());
    for (const tree of [false, true]) {
      expect(fill('<pre>\n{{contact.a}}</pre>', tree)).toBe('<pre>\nAda</pre>');
      expect(fill('<listing>\n{{contact.a}}</listing>', tree)).toBe('<listing>\nAda</listing>');
      // Text holding a "<" the tree joined from runs is left as written, both ways.
      expect(fill('<pre>\n<{{contact.a}}>x</pre>', tree)).toBe('<pre>\n<{{contact.a}}>x</pre>');
      expect(fill(' <{{contact.a}}>x', tree)).toBe(' <{{contact.a}}>x');
    }
  });

  it('leaves out of a slot the characters no output carries, which a reference around its tag decodes to', () => {
    expect(merged('<p>&#1{{contact.a}}</p>', 'Ada').html).toBe('<p>Ada</p>');
    expect(merged('<p title="&#x7f;{{contact.a}}">x</p>', 'Ada').html).toBe('<p title="Ada">x</p>');
  });
});
