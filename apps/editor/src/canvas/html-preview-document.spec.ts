import fc from 'fast-check';
import { HTML_PREVIEW_CSP, htmlPreviewDocument } from './html-preview-document';

describe('htmlPreviewDocument', () => {
  it('puts the markup under its own policy, in the body’s text style or the renderer’s defaults', () => {
    const page = htmlPreviewDocument('<p>Hi</p>', { fontFamily: 'Georgia, serif', color: '#333333' });
    expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="${HTML_PREVIEW_CSP}">`);
    expect(page).toContain('font-family:Georgia, serif');
    expect(page).toContain('color:#333333');
    expect(page).toMatch(/<body><p>Hi<\/p><\/body><\/html>$/);
    expect(htmlPreviewDocument('', undefined)).toContain('font-size:16px');
  });

  it('keeps any style value inside its declaration and the style element', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const page = htmlPreviewDocument('', { fontFamily: text } as never);
        const style = /<style>([^]*?)<\/style>/.exec(page)?.[1] ?? '';
        expect(style.match(/[{}]/g)).toHaveLength(6);
        expect(style).not.toMatch(/[<>]/);
      }),
    );
  });
});
