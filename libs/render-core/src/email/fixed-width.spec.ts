import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { EmailDesign } from '@embed/design-document';
import { render } from '../render';

const example: EmailDesign = JSON.parse(readFileSync(path.resolve(__dirname, '../../../../docs/examples/designs/email.json'), 'utf8'));
const withBody = (style: NonNullable<EmailDesign['body']['style']>): EmailDesign => ({ ...example, body: { ...example.body, style: { ...example.body.style, ...style } } });

describe('an email of a fixed width', () => {
  it('keeps its content as wide on a phone as anywhere: its body box no narrower than the content width', () => {
    const { html } = render(withBody({ fixedWidth: true, contentWidth: 640 }));
    expect(html).toMatch(/<div[^>]* class="ed-fixed-width"/);
    expect(html).toContain('.ed-fixed-width{min-width:640px}');
  });

  it('narrows to the screen when it does not say so', () => {
    const { html } = render(withBody({ contentWidth: 640 }));
    expect(html).not.toContain('ed-fixed-width');
  });
});
