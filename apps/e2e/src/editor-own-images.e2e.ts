// @lane shared
// The images the editor and the renderer add themselves (issue 30, "What you see is what you
// save"): social icons and the placeholder of an image never chosen are the service's own
// PNGs, the same on the canvas and in the rendered email, served by the gateway; no letters,
// no grey box, no third party's image.
import { call, exampleDesign, newProject } from './support/api';
import { seriousViolations } from './support/axe';
import { editorBrowser } from './support/integrator-page';
import { baseUrl } from './support/stack';
import { shotsFolder } from './support/shots';

const SHOTS = shotsFolder('own-images');
/** A new image block's address (the editor's placeholder): a light grey pixel. */
const NEVER_CHOSEN = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGO4e/cuAAUyApjDDfqPAAAAAElFTkSuQmCC';

/** An email with a social block of four networks and an image never chosen. */
function design(): any {
  const doc = exampleDesign('email');
  doc.body.rows = [
    {
      columns: [
        {
          blocks: [
            { type: 'image', src: NEVER_CHOSEN, alt: '' },
            { type: 'social', links: ['facebook', 'linkedin', 'youtube', 'web'].map((network) => ({ network, href: `https://example.com/${network}` })), style: { iconSize: 32 } },
          ],
        },
      ],
    },
  ];
  return doc;
}

describe('the images the service adds', () => {
  const browser = editorBrowser();

  it('shows its own social icons and image placeholder on the canvas, and the rendered email points at the same images, served by the service', async () => {
    const { testKey } = newProject('email');
    const doc = design();
    const { page, frame } = await browser.editor(testKey, 'icons', { template: doc });

    // The canvas: an icon per network, named by its network, loaded; the placeholder picture under its controls.
    const social = frame.locator('[data-block-path="0.0.1"]');
    const icons = social.locator('img');
    await icons.first().waitFor();
    const shown = await icons.evaluateAll((images) => images.map((image) => ({ alt: image.getAttribute('alt'), src: new URL((image as HTMLImageElement).src).pathname, loaded: (image as HTMLImageElement).naturalWidth > 0 })));
    expect(shown).toEqual(
      ['Facebook', 'LinkedIn', 'YouTube', 'Website'].map((alt, i) => ({ alt, src: `/editor/v1/app/assets/social-v1-${['facebook', 'linkedin', 'youtube', 'web'][i]}.png`, loaded: true })),
    );
    expect((await social.innerText()).trim()).toBe('');
    const placeholder = frame.locator('[data-block-path="0.0.0"] img');
    await frame.waitForFunction(() => (document.querySelector('[data-block-path="0.0.0"] img') as HTMLImageElement | null)?.complete === true);
    expect(await placeholder.evaluate((image) => [new URL((image as HTMLImageElement).src).pathname, (image as HTMLImageElement).naturalWidth])).toEqual(['/editor/v1/app/assets/image-placeholder-v1.png', 600]);
    await frame.getByText('Choose an image').first().waitFor();
    expect(await seriousViolations(frame)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/own-images-canvas-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/own-images-canvas-390.png` });

    // The rendered email: the same images, at the service's public address, each served as a PNG.
    const rendered = await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc } });
    expect(rendered.status).toBe(200);
    const html: string = rendered.body.html;
    const sources = [...html.matchAll(/<img[^>]*src="([^"]+)"/g)].map((match) => match[1]);
    const own = `${baseUrl()}/editor/v1/app/assets/`;
    expect(sources).toEqual([`${own}image-placeholder-v1.png`, ...['facebook', 'linkedin', 'youtube', 'web'].map((network) => `${own}social-v1-${network}.png`)]);
    expect(html).not.toContain('data:image');
    for (const source of new Set(sources)) {
      const answer = await fetch(source);
      expect({ source, status: answer.status, type: answer.headers.get('content-type'), corp: answer.headers.get('cross-origin-resource-policy') }).toEqual({ source, status: 200, type: 'image/png', corp: 'cross-origin' });
    }
    for (const [alt] of [['Facebook'], ['LinkedIn'], ['YouTube'], ['Website']]) expect(html).toContain(`alt="${alt}"`);

    // The email itself, as a mail client shows it.
    await page.setViewportSize({ width: 1280, height: 700 });
    // From the service's origin: the test's browser keeps a blank page from loading a private address (the local service).
    await page.goto(`${baseUrl()}/healthz`);
    await page.setContent(html, { waitUntil: 'load' });
    await page.screenshot({ path: `${SHOTS}/own-images-email-1280.png` });
    const loaded = await page.locator('img').evaluateAll((images) => images.map((image) => [(image as HTMLImageElement).src, (image as HTMLImageElement).naturalWidth > 0]));
    expect(loaded).toEqual(sources.map((source) => [source, true]));
    await page.setViewportSize({ width: 390, height: 700 });
    await page.screenshot({ path: `${SHOTS}/own-images-email-390.png` });
  });
});
