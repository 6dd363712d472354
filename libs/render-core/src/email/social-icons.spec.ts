import fc from 'fast-check';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { type Block, type EmailDesign, SOCIAL_NETWORKS } from '@embed/design-document';
import { render } from '../render';
import { withSocialIconSizes } from './social-icons';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

// mrml writes a social icon's <img> with a width and no height (it ignores icon-height), and
// Outlook for Windows draws an image without a height at its natural size: every social
// icon of an email carries both, in its attributes and its style.

const social = (iconSize?: number): Block =>
  ({ type: 'social', links: [{ network: 'facebook', href: 'https://facebook.example/us' }, { network: 'github', href: 'https://github.example/us', label: 'Code' }], style: { ...(iconSize ? { iconSize } : {}), showLabels: iconSize === 40 } }) as Block;
const email = (blocks: Block[]): EmailDesign =>
  ({ schemaVersion: 1, mode: 'email', settings: { subject: 'Icons' }, body: { rows: [{ columns: [{ ratio: 1, blocks }] }] } }) as EmailDesign;

/** Every <img> of the HTML as parse5 reads it, by its attributes. */
function images(html: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  const stack: Node[] = [parse(html)];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if ('childNodes' in node) stack.push(...[...node.childNodes].reverse());
    if ((node as Element).tagName === 'img') found.push(Object.fromEntries((node as Element).attrs.map(({ name, value }) => [name, value])));
  }
  return found;
}

const icons = (html: string) => images(html).filter((image) => image.src.includes('/social-v1-'));

describe('social icons in an email', () => {
  it('each carry a width and a height, the icon size, in their attributes and their style', () => {
    const { html } = render(email([social(), social(32), social(40)]), { publicBaseUrl: 'https://editor.example' });
    const found = icons(html);
    expect(found.map((icon) => [icon.width, icon.height])).toEqual([
      ['24', '24'], ['24', '24'], ['32', '32'], ['32', '32'], ['40', '40'], ['40', '40'],
    ]);
    for (const icon of found) {
      const style = Object.fromEntries(icon.style.split(';').filter(Boolean).map((declaration) => declaration.split(':')));
      expect([style.width, style.height]).toEqual([`${icon.width}px`, `${icon.width}px`]);
      expect(style.display).toBe('block');
    }
    expect(found.map((icon) => icon.alt)).toEqual(['Facebook', 'Code', 'Facebook', 'Code', 'Facebook', 'Code']);
  });

  it('sizes every icon of any social block, whatever its networks, labels and size', () => {
    const link = fc.record({ network: fc.constantFrom(...SOCIAL_NETWORKS), href: fc.constant('https://example.com/'), label: fc.option(fc.string({ minLength: 1, maxLength: 20 }), { nil: undefined }) });
    fc.assert(
      fc.property(fc.array(link, { minLength: 1, maxLength: 5 }), fc.integer({ min: 16, max: 64 }), fc.boolean(), (links, iconSize, showLabels) => {
        const { html } = render(email([{ type: 'social', links, style: { iconSize, showLabels } } as Block]));
        const found = icons(html);
        expect(found).toHaveLength(links.length);
        for (const icon of found) expect([icon.width, icon.height, icon.style.includes(`width:${iconSize}px;height:${iconSize}px`)]).toEqual([`${iconSize}`, `${iconSize}`, true]);
      }),
      { numRuns: 40 },
    );
  });

  it('leaves other images as they are, an image of the author that looks like an icon included', () => {
    const { html } = render(email([{ type: 'image', src: 'https://cdn.example/a.png', width: 120 } as Block, { type: 'html', html: '<img src="https://cdn.example/social-v1-x.png" width="30">' } as Block]));
    expect(images(html).map(({ src, height }) => [src, height])).toEqual([
      ['https://cdn.example/a.png', 'auto'],
      ['https://cdn.example/social-v1-x.png', undefined],
    ]);
  });

  it('is the HTML as it was without social icons', () => {
    const html = '<p>No <img src="a.png" width="4"> icons</p>';
    expect(withSocialIconSizes(html, '/editor/v1/app/assets/')).toBe(html);
  });
});
