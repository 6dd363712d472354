import type { DesignDocument } from '@embed/design-document';
import { render } from './render';
import { example, MODES } from './testing/arbitrary-design';

const hebrew = (mode: (typeof MODES)[number]): DesignDocument => ({ ...example(mode), language: 'en', languages: ['he'] }) as DesignDocument;

describe('rendering in a language', () => {
  it.each(MODES)('%s: a language written right to left renders right to left, with lang and dir on the HTML', (mode) => {
    const { html } = render(hebrew(mode), { language: 'he' });
    expect(html).toMatch(/<html[^>]* lang="he"[^>]* dir="rtl"/);
    expect(render({ ...example(mode), language: 'ar' } as DesignDocument).html).toMatch(/<html[^>]* lang="ar"[^>]* dir="rtl"/);
    expect(render(hebrew(mode)).html).not.toContain('dir="rtl"');
  });

  it('lays an email written right to left out from the right: columns and text', () => {
    const { html } = render(hebrew('email'), { language: 'he' });
    expect(html).toContain('direction:rtl');
    expect(html).toContain('aria-roledescription="email" role="article" lang="he" dir="rtl"');
  });

  it('says which language it took for one the design does not hold, or holds more broadly', () => {
    const missing = render(hebrew('page'), { language: 'de' });
    expect(missing.warnings).toContain('The design has no de translation: it is rendered in en, its default language.');
    expect(missing.html).toMatch(/<html lang="en"/);
    const broader = render(hebrew('page'), { language: 'he-IL' });
    expect(broader.warnings).toContain('The design has no he-IL translation: it is rendered in he, the closest language it has.');
    expect(broader.html).toMatch(/<html lang="he" dir="rtl"/);
  });
});
