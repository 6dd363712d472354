// The demo project's library (issue 32): what `npm start` gives the demo project once, made
// through the server API with the demo's test key, as an integrator's server would make it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pngjs from 'pngjs';
import { repoRoot } from './profiles.mjs';

const designFile = (file) => JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8'));

/** The demo's templates, oldest first (the editor lists the newest first). */
export const DEMO_TEMPLATES = [
  { name: 'Spring newsletter', file: 'docs/examples/designs/email.json' },
  { name: 'Welcome email', file: 'apps/editor-demo/templates/welcome.json' },
];

/** The demo's brand kit: the Northwind colours and Inter of the example designs, the palette offered first (not only). */
export const DEMO_BRAND_KIT = {
  colors: ['#1f5f4a', '#f3f1ec', '#2b2b2b', '#6b6b6b', '#e4e0d8', '#ffffff'],
  fonts: [
    { stack: 'Inter, Helvetica, Arial, sans-serif', url: 'https://fonts.googleapis.com/css2?family=Inter:wght@400;600;700&display=swap' },
    { stack: 'Georgia, Times, serif' },
  ],
  logoUrl: 'https://cdn.northwind-outfitters.example/brand/logo-dark.png',
  text: { fontFamily: 'Inter, Helvetica, Arial, sans-serif', fontSize: 16, color: '#2b2b2b', lineHeight: 1.5 },
  link: { color: '#1f5f4a' },
  button: { buttonColor: '#1f5f4a', color: '#ffffff', borderRadius: 6, innerPadding: '14px 28px', fontWeight: 600 },
  paletteOnly: false,
};

/** The demo's project images: brand-coloured bands drawn here (the repository keeps no image files), offered to every demo person. */
export const DEMO_IMAGES = [
  { name: 'banner', width: 600, height: 200, colours: ['#1f5f4a', '#e4e0d8'] },
  { name: 'badge', width: 160, height: 160, colours: ['#2b2b2b', '#f3f1ec'] },
];

/** A PNG of diagonal bands of two colours. */
function bandsPng({ width, height, colours }) {
  const png = new pngjs.PNG({ width, height });
  const rgb = colours.map((hex) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = rgb[Math.floor((x + y) / 40) % 2];
      png.data.set([r, g, b, 255], (y * width + x) * 4);
    }
  }
  return pngjs.PNG.sync.write(png);
}

/** The demo's project rows: the example newsletter's footer, locked (its address and unsubscribe links are the integrator's). */
export const DEMO_ROWS = [{ name: 'Legal footer', file: 'docs/examples/designs/email.json', rowId: 'footer', locked: true }];

async function serverApi(baseUrl, secretKey, method, route, { body, idempotencyKey } = {}) {
  const headers = { authorization: `Bearer ${secretKey}` };
  if (body) headers['content-type'] = 'application/json';
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  if (Buffer.isBuffer(body)) headers['content-type'] = 'image/png';
  const response = await fetch(`${baseUrl}${route}`, { method, headers, body: body && (Buffer.isBuffer(body) ? body : JSON.stringify(body)), signal: AbortSignal.timeout(60_000) });
  const answer = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${answer?.error ?? ''}`);
  return answer;
}

/**
 * Creates the demo's templates unless the project has templates already, uploads its
 * images unless it has images, its locked footer row unless it has project rows, and sets
 * its brand kit unless it has one (a kit the person changed stays). Each create carries an
 * Idempotency-Key of its own, so a start stopped halfway and run again does not make a
 * template twice.
 */
export async function seedDemoLibrary(baseUrl, secretKey) {
  const listed = await serverApi(baseUrl, secretKey, 'GET', '/embed/v1/templates?limit=1');
  if (listed.templates.length === 0) {
    for (const { name, file } of DEMO_TEMPLATES) {
      await serverApi(baseUrl, secretKey, 'POST', '/embed/v1/templates', { body: { name, doc: designFile(file) }, idempotencyKey: `demo-template-${name}` });
    }
  }
  const images = await serverApi(baseUrl, secretKey, 'GET', '/embed/v1/images?limit=1');
  if (images.images.length === 0) {
    for (const image of DEMO_IMAGES) {
      await serverApi(baseUrl, secretKey, 'POST', '/embed/v1/images', { body: bandsPng(image), idempotencyKey: `demo-image-${image.name}` });
    }
  }
  const rows = await serverApi(baseUrl, secretKey, 'GET', '/embed/v1/rows?limit=1');
  if (rows.rows.length === 0) {
    for (const { name, file, rowId, locked } of DEMO_ROWS) {
      const row = designFile(file).body.rows.find((candidate) => candidate.id === rowId);
      await serverApi(baseUrl, secretKey, 'POST', '/embed/v1/rows', { body: { name, row, locked }, idempotencyKey: `demo-row-${name}` });
    }
  }
  const kit = await serverApi(baseUrl, secretKey, 'GET', '/embed/v1/brand-kit');
  if (kit.updatedAt === null) await serverApi(baseUrl, secretKey, 'PUT', '/embed/v1/brand-kit', { body: DEMO_BRAND_KIT });
}
