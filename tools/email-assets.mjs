#!/usr/bin/env node
// Draws the images the renderer puts in designs of its own accord, as PNG (what every email
// client shows): a social icon per network (the brand's glyph in white, or black on a light
// colour, on a circle of its colour) and the placeholder of an image not chosen yet. They
// are committed in libs/render-core/assets and served by the gateway with the editor's
// files (build-editor.mjs copies them), so that no email points at a third party's images.
// Run again after changing what they look like, and give them a new version in their names
// (render-core's assets.ts): emails already sent keep pointing at the old ones.
//
//   node tools/email-assets.mjs
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import * as simpleIcons from 'simple-icons';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'libs/render-core/assets');

/** The brands' own glyphs and colours, from the simple-icons package (CC0), by our network names. */
const BRANDS = {
  facebook: simpleIcons.siFacebook,
  x: simpleIcons.siX,
  instagram: simpleIcons.siInstagram,
  youtube: simpleIcons.siYoutube,
  pinterest: simpleIcons.siPinterest,
  github: simpleIcons.siGithub,
  vimeo: simpleIcons.siVimeo,
  medium: simpleIcons.siMedium,
  dribbble: simpleIcons.siDribbble,
  snapchat: simpleIcons.siSnapchat,
  tumblr: simpleIcons.siTumblr,
  soundcloud: simpleIcons.siSoundcloud,
};

/** Our own glyphs, on the same 24 x 24 grid: LinkedIn's "in" and a globe for a website. */
const OWN = {
  linkedin: {
    color: '#0A66C2',
    svg: '<rect x="3.5" y="9" width="3.6" height="11.5" rx="0.4"/><circle cx="5.3" cy="5.2" r="2.1"/><path d="M9.6 9h3.4v1.6c.6-1 1.9-1.9 3.8-1.9 3.3 0 4.2 2.1 4.2 5.1v6.7h-3.6v-6c0-1.5-.3-2.8-1.9-2.8s-2.3 1.2-2.3 2.8v6H9.6z"/>',
  },
  web: {
    color: '#4B5563',
    svg: '<g fill="none" stroke="currentColor" stroke-width="1.8"><circle cx="12" cy="12" r="9.5"/><ellipse cx="12" cy="12" rx="4.2" ry="9.5"/><path d="M2.5 12h19M4 7h16M4 17h16"/></g>',
  },
};

/** Light brand colours take a black glyph, so that it shows. */
const glyphColour = (hex) => {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.6 ? '#000000' : '#ffffff';
};

/** A social icon: 96 px (sharp at 48 px on a 2x screen), the glyph at 56% of the circle. */
function socialSvg(network) {
  const own = OWN[network];
  const color = own ? own.color : `#${BRANDS[network].hex}`;
  const fill = glyphColour(color);
  const glyph = own ? own.svg : `<path d="${BRANDS[network].path}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
<circle cx="48" cy="48" r="48" fill="${color}"/>
<g transform="translate(21.12 21.12) scale(2.24)" fill="${fill}" color="${fill}">${glyph}</g></svg>`;
}

/** The image not chosen yet: a light, compact frame with a picture in it, 600 x 80 (a column's width, laid out as an image is). */
const PLACEHOLDER = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="80" viewBox="0 0 600 80">
<rect x="1" y="1" width="598" height="78" rx="6" fill="#f4f4f5" stroke="#a1a1aa" stroke-width="2" stroke-dasharray="10 8"/>
<g transform="translate(280 22) scale(0.42)" fill="none" stroke="#71717a" stroke-width="7" stroke-linejoin="round">
<rect x="2.5" y="2.5" width="91" height="75" rx="8"/><circle cx="30" cy="26" r="9"/><path d="M6 70 34 42l18 18 14-14 26 26"/></g></svg>`;

const NETWORKS = [...Object.keys(BRANDS), ...Object.keys(OWN)];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  const draw = async (svg, file) => {
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    await page.locator('svg').screenshot({ path: path.join(out, file), omitBackground: true });
  };
  for (const network of NETWORKS) await draw(socialSvg(network), `social-v1-${network}.png`);
  await draw(PLACEHOLDER, 'image-placeholder-v1.png');
} finally {
  await browser.close();
}
writeFileSync(path.join(out, 'README.md'), `# Images the renderer adds

Made by \`node tools/email-assets.mjs\` (do not edit by hand): one social icon per network,
\`social-v1-<network>.png\` (96 x 96), and \`image-placeholder-v1.png\` (600 x 80), the image
of an image block whose picture was never chosen. Brand glyphs: the simple-icons package, CC0 1.0.
`);
console.log(`${NETWORKS.length + 1} images in ${path.relative(root, out)}`);
