// @lane shared
// Per-device styles as a reader's screen shows them: the renderer's email, page, popup
// (opened on load) and document, in real Chromium at a desktop and a phone width. A phone override shows on the phone only;
// a row or a block hidden on one kind of screen is absent there and present on the other.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { call, exampleDesign, newProject } from './support/api';
import { launchChromium } from './support/integrator-page';
import { shotsFolder } from './support/shots';

/** An example design's settings in its default language only. */
const settingsOf = (mode: 'popup' | 'document') => JSON.parse(JSON.stringify(exampleDesign(mode).settings, (key, value) => (key === 'translations' ? undefined : value)));
const paragraph = (text: string) => [{ type: 'paragraph', content: [{ text }] }];

const BODY = {
  rows: [
    {
      id: 'pair',
      phone: { padding: '40px 0px', reverseColumns: true },
      columns: [
        { blocks: [{ type: 'text', content: paragraph('First column') }] },
        { blocks: [{ type: 'text', content: paragraph('Second column') }] },
      ],
    },
    {
      id: 'hero',
      columns: [
        {
          blocks: [
            { type: 'heading', level: 1, content: [{ text: 'Big headline' }], style: { fontSize: 40, lineHeight: 1.2, textAlign: 'left' }, phone: { fontSize: 22, textAlign: 'center' } },
            { type: 'image', src: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', alt: 'Product photo', width: 300, style: { align: 'left' }, phone: { width: 120, align: 'right' } },
            { type: 'button', text: 'Shop now', href: 'https://shop.example/', style: { align: 'left' }, phone: { fullWidth: true } },
            { type: 'text', content: paragraph('Desktop only words'), hideOn: 'mobile' },
            { type: 'text', content: paragraph('Phone only words'), hideOn: 'desktop', phone: { padding: '30px 10px' } },
          ],
        },
      ],
    },
    { id: 'desktop-row', hideOn: 'mobile', columns: [{ blocks: [{ type: 'text', content: paragraph('Desktop only row') }] }] },
    { id: 'phone-row', hideOn: 'desktop', columns: [{ blocks: [{ type: 'text', content: paragraph('Phone only row') }] }] },
  ],
};

const DESIGNS = {
  email: { schemaVersion: 1, mode: 'email', settings: { subject: 'Devices' }, body: BODY },
  page: { schemaVersion: 1, mode: 'page', settings: { title: 'Devices' }, body: BODY },
  // The example's popup, opened on load every time; the example's document without its header and footer.
  popup: { schemaVersion: 1, mode: 'popup', settings: { ...settingsOf('popup'), width: 600, trigger: { type: 'load' }, frequency: { type: 'always' } }, body: BODY },
  document: { schemaVersion: 1, mode: 'document', settings: { ...settingsOf('document'), header: undefined, footer: undefined }, body: BODY },
} as const;

/** What a reader sees of the design at one width. */
async function seen(page: Page, html: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.setContent(html, { waitUntil: 'load' });
  const box = async (text: string) => page.getByText(text, { exact: true }).boundingBox();
  const visible = async (text: string) => page.getByText(text, { exact: true }).isVisible();
  const headline = page.getByRole('heading', { name: 'Big headline' });
  const image = page.getByRole('img', { name: 'Product photo' });
  const button = page.getByRole('link', { name: 'Shop now' });
  return {
    // Where the first row starts (the email's body table, the others' first row).
    rowTop: html.includes('class="ed-row') ? (await page.locator('.ed-row').first().boundingBox())!.y : 0,
    first: await box('First column'),
    second: await box('Second column'),
    headlineSize: await headline.evaluate((element) => getComputedStyle(element).fontSize),
    headlineAlign: await headline.evaluate((element) => getComputedStyle(element).textAlign),
    image: await image.boundingBox(),
    button: await button.boundingBox(),
    desktopOnly: await visible('Desktop only words'),
    phoneOnly: await visible('Phone only words'),
    rows: [await visible('Desktop only row'), await visible('Phone only row')],
    scrollWidth: await page.evaluate(() => document.documentElement.scrollWidth),
  };
}

describe('per-device styles in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([['email', 600, 375], ['page', 1024, 375], ['popup', 1024, 375], ['document', 1024, 375]] as const)('the %s shows its phone overrides at %i px only on the phone (%i px)', async (mode, desktopWidth, phoneWidth) => {
    const { testKey } = newProject(mode);
    const answer = await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc: DESIGNS[mode] } });
    expect([answer.status, answer.body.error]).toEqual([200, undefined]);
    const page = await browser.newPage();
    try {
      const desktop = await seen(page, answer.body.html, desktopWidth);
      const phone = await seen(page, answer.body.html, phoneWidth);

      // Columns side by side on the desktop, stacked last to first on the phone.
      expect(desktop.first?.y).toBe(desktop.second?.y);
      expect(desktop.first!.x).toBeLessThan(desktop.second!.x);
      expect(phone.second!.y).toBeLessThan(phone.first!.y);
      // The row's phone padding: 40 px above the first stacked column.
      expect(phone.second!.y - phone.rowTop).toBeGreaterThanOrEqual(40);
      expect(desktop.first!.y - desktop.rowTop).toBeLessThan(40);

      expect([desktop.headlineSize, desktop.headlineAlign]).toEqual(['40px', 'left']);
      expect([phone.headlineSize, phone.headlineAlign]).toEqual(['22px', 'center']);

      expect(desktop.image?.width).toBe(300);
      expect(phone.image?.width).toBe(120);
      // Left on the desktop, right on the phone.
      expect(desktop.image!.x).toBeLessThan(desktopWidth / 2);
      expect(phone.image!.x + phone.image!.width).toBeGreaterThan(phoneWidth * 0.8);

      // The button spans its column on the phone only.
      expect(desktop.button!.width).toBeLessThan(desktopWidth / 3);
      expect(phone.button!.width).toBeGreaterThan(phoneWidth * 0.6);

      expect([desktop.desktopOnly, desktop.phoneOnly]).toEqual([true, false]);
      expect([phone.desktopOnly, phone.phoneOnly]).toEqual([false, true]);
      expect(desktop.rows).toEqual([true, false]);
      expect(phone.rows).toEqual([false, true]);
      // A document is a printed sheet of a fixed width (a phone scrolls across it); the others fit the phone.
      if (mode !== 'document') expect(phone.scrollWidth).toBeLessThanOrEqual(phoneWidth);

      // What Chromium showed at both widths, to look at.
      for (const width of [desktopWidth, phoneWidth]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: path.join(shotsFolder('render-devices'), `render-${mode}-${width}.png`), fullPage: true });
      }
    } finally {
      await page.close();
    }
  });

  it('keeps a block hidden on desktops out of Outlook for Windows, which reads no media query', async () => {
    const { testKey } = newProject('email');
    const answer = await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc: DESIGNS.email } });
    const html: string = answer.body.html;
    const at = html.indexOf('Phone only words');
    expect(html.lastIndexOf('<!--[if !mso]><!-->', at)).toBeGreaterThan(html.lastIndexOf('<!--<![endif]-->', at));
    expect(html.indexOf('<!--<![endif]-->', at)).toBeGreaterThan(at);
  });
});
