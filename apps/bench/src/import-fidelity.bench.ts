import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import mjml2html from 'mjml';
import pixelmatch from 'pixelmatch';
import { chromium, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import type { ImportFormat, RenderMerge } from '@embed/contracts';
import { importDesign } from '@embed/design-import';
import { finishRender, layoutDesign } from '@embed/render-core';
import { type Benchmark, type BenchLine, line } from './benchmark';
import { fidelityVerdict, MEDIAN_BAR } from './fidelity-verdict';

// How faithful an import is, by pixels (issue 31): each MJML and HTML fixture of our own
// making is drawn as it is (MJML through the mjml package, HTML as given) and as our import
// through our renderer, both screenshot in Chromium at 600 and 375 px wide, and compared
// with pixelmatch. A row per fixture and width gives the share of pixels that differ; the
// bar: the median under 2% at 600 px, none over 10%, each over 2% explained by a warning of
// something a reader sees (fidelity-verdict.ts).
// BENCH_FIDELITY_SHOTS=<folder> writes both drawings and their difference there, to look at.
// Both sides are drawn as a reader sees them: merge tags filled with the same values (a tag
// written `*|FNAME|*` on one side and `{{contact.first_name}}` on the other would wrap its line
// differently), and each drawing cut to the screen's width (a source of a fixed 600 px runs
// past a 375 px screen, as its import, which keeps that width, does; what runs past is not
// on the screen), and each image address, unreachable
// here, answered with one same picture on both sides, our renderer's social icons too (not
// each side's broken-image box and alt text, drawn in each side's font, which hid what an
// image covers). docs/imports.md, Fidelity.

const FIXTURES = path.resolve(__dirname, '../../../../libs/design-import/src/fixtures');
const WIDTHS = [600, 375];
const mergeTags = { '*|FNAME|*': '{{contact.first_name}}', '[unsubscribe]': '{{unsubscribe_url}}' };
const UNSUBSCRIBE = 'https://news.example/unsubscribe';
/** Where our renderer's own images (social icons) are served from: an address the page answers, as the source's icons are. */
const ASSETS = 'https://assets.example';
/** What a reader sees for each source tag, and the same values for our tags they map to. */
const SHOWN: Record<keyof typeof mergeTags, string> = { '*|FNAME|*': 'Ada', '[unsubscribe]': UNSUBSCRIBE };
const merge: RenderMerge = { contact: { first_name: SHOWN['*|FNAME|*'] }, unsubscribeUrl: UNSUBSCRIBE };

interface Fixture {
  name: string;
  format: Extract<ImportFormat, 'mjml' | 'html'>;
  source: string;
}

function fixtures(): Fixture[] {
  const read = (folder: string) =>
    readdirSync(folder)
      .filter((file) => /\.(mjml|html)$/.test(file))
      .sort()
      .map((file) => ({ name: file, format: file.endsWith('.mjml') ? ('mjml' as const) : ('html' as const), source: readFileSync(path.join(folder, file), 'utf8') }));
  return [...read(FIXTURES), ...read(path.join(FIXTURES, 'fidelity'))];
}

/** The source as its own tool draws it, its merge tags filled as a sending tool fills them. */
async function sourceHtml({ format, source }: Fixture): Promise<string> {
  const html = format === 'html' ? source : (await mjml2html(source, { validationLevel: 'soft' })).html;
  return Object.entries(SHOWN).reduce((filled, [tag, value]) => filled.split(tag).join(value), html);
}

/** The picture every image address gets, on both sides alike: a 600 × 300 block of one colour. */
function picture(): Buffer {
  const image = new PNG({ width: 600, height: 300 });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([183, 169, 154, 255], i);
  return PNG.sync.write(image);
}

async function screenshot(page: Page, html: string, width: number): Promise<PNG> {
  await page.setViewportSize({ width, height: 800 });
  await page.setContent(html, { waitUntil: 'load' });
  // The whole height, the screen's width: what runs past the screen's side is not seen there.
  const height = await page.evaluate<number>('document.documentElement.scrollHeight');
  return PNG.sync.read(await page.screenshot({ fullPage: true, clip: { x: 0, y: 0, width, height } }));
}

/** Both images on a white canvas of the larger size: a difference in height is pixels that differ. */
function padded(image: PNG, width: number, height: number): Buffer {
  const canvas = new PNG({ width, height });
  canvas.data.fill(255);
  PNG.bitblt(image, canvas, 0, 0, Math.min(image.width, width), Math.min(image.height, height), 0, 0);
  return canvas.data;
}

/** The share of pixels, in percent, that differ between the two drawings; `shots` names the files to write them to. */
function differing(a: PNG, b: PNG, shots?: string): number {
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const diff = shots ? new PNG({ width, height }) : undefined;
  const count = pixelmatch(padded(a, width, height), padded(b, width, height), diff?.data ?? null, width, height, { threshold: 0.1 });
  if (shots && diff) {
    writeFileSync(`${shots}.source.png`, PNG.sync.write(a));
    writeFileSync(`${shots}.import.png`, PNG.sync.write(b));
    writeFileSync(`${shots}.diff.png`, PNG.sync.write(diff));
  }
  return (count / (width * height)) * 100;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export const benchmark: Benchmark = {
  name: 'import fidelity',
  async run() {
    // Addresses off this machine (web fonts) fail at once, for both drawings alike; the fixtures' images are data: addresses.
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP * ~NOTFOUND'] });
    const lines: BenchLine[] = [];
    try {
      const page = await browser.newPage();
      const body = picture();
      await page.route('**/*', (route) => (route.request().resourceType() === 'image' ? route.fulfill({ contentType: 'image/png', body }) : route.continue()));
      const shares: Record<number, number[]> = Object.fromEntries(WIDTHS.map((width) => [width, []]));
      const shots = process.env['BENCH_FIDELITY_SHOTS'];
      if (shots) mkdirSync(shots, { recursive: true });
      for (const fixture of fixtures()) {
        const imported = importDesign({ format: fixture.format, source: fixture.source, mode: 'email', mergeTags });
        const ours = finishRender(layoutDesign(imported.design, { publicBaseUrl: ASSETS }), { merge }).html;
        const theirs = await sourceHtml(fixture);
        for (const width of WIDTHS) {
          const share = differing(await screenshot(page, theirs, width), await screenshot(page, ours, width), shots && path.join(shots, `${fixture.name}-${width}`));
          shares[width].push(share);
          // Over the bar for the median, a difference must be one the import names: the log lists the warnings that do.
          const verdict = fidelityVerdict(share, imported.warnings);
          if (share > MEDIAN_BAR) process.stderr.write(`bench: ${fixture.name} at ${width} px, ${share.toFixed(1)}%: ${verdict.explaining.map(({ message }) => message).join(' | ') || 'no warning of what looks different'}\n`);
          lines.push(line(`import fidelity: ${fixture.format} ${fixture.name} at ${width} px`, '% pixels differing', share, verdict.words, MEDIAN_BAR));
        }
      }
      for (const width of WIDTHS) lines.push(line(`import fidelity: median fixture at ${width} px`, '% pixels differing', median(shares[width]), `bar ${MEDIAN_BAR}% for the median at 600 px`, MEDIAN_BAR));
    } finally {
      await browser.close();
    }
    return lines;
  },
};
