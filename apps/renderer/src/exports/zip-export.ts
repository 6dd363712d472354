import archiver, { type Archiver } from 'archiver';
import { buffer } from 'node:stream/consumers';
import { connectionErrorMessage } from '@embed/egress-guard';
import { sniffImage } from '@embed/storage';
import type { ResourceLoader } from '../sandbox/resource-loader';

/**
 * An http(s) address in an src or background attribute, or in a quoted CSS url() as
 * render-core writes background images (a font's @import is a string, not an image).
 */
const IMAGE_REFERENCE = /\b(?:src|background)="(https?:\/\/[^"]+)"|url\((?:'|&#39;)(https?:\/\/.+?)(?:'|&#39;)\)/gi;
const MAX_IMAGES = 100;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };
const decodeAttribute = (value: string) => value.replace(/&(?:amp|quot|#39|lt|gt);/g, (entity) => ENTITIES[entity]);

/** Distinct image addresses of the HTML, as written in it (entities and all), in order of appearance. */
export function imageReferences(html: string): string[] {
  return [...new Set(Array.from(html.matchAll(IMAGE_REFERENCE), (match) => match[1] ?? match[2]))];
}

/** Appends an entry and resolves once the archive has taken it in (or rejects when the archive fails). */
function added(archive: Archiver, body: Buffer, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      archive.off('entry', onEntry);
      reject(error);
    };
    const onEntry = () => {
      archive.off('error', onError);
      resolve();
    };
    archive.once('entry', onEntry).once('error', onError);
    archive.append(body, { name, store: true });
  });
}

export interface ZipContent {
  html: string;
  text: string;
  /** The design's other languages, each in a folder of its name beside the first. */
  languages?: { language: string; html: string; text: string }[];
}

/**
 * The design as a folder: `index.html` pointing at `images/…` beside it, `index.txt`,
 * each other language as `<language>/index.html` and `.txt` (sharing the images), and the
 * images that could be fetched safely. An image that could not (a private
 * address, not an image, too large) is left pointing where it did and named in the warnings.
 */
export async function buildZip(content: ZipContent, loader: ResourceLoader, signal: AbortSignal): Promise<{ body: Buffer; warnings: string[] }> {
  const warnings: string[] = [];
  const archive = archiver('zip', { zlib: { level: 6 } });
  const zipped = buffer(archive);
  let html = content.html;
  const others = (content.languages ?? []).map((one) => ({ ...one }));
  const references = [...new Set([html, ...others.map((one) => one.html)].flatMap(imageReferences))];
  if (references.length > MAX_IMAGES) warnings.push(`Only the first ${MAX_IMAGES} images are in the ZIP; the others stay links.`);
  for (const [index, reference] of references.slice(0, MAX_IMAGES).entries()) {
    const address = decodeAttribute(reference);
    try {
      const resource = await loader.load(address, signal);
      if (resource.status !== 200) throw new Error(`it answered ${resource.status}`);
      const extension = await sniffImage(resource.body);
      if (!extension) throw new Error('it is not a PNG, JPEG, GIF or WebP image');
      const name = `images/${index + 1}.${extension}`;
      // Stored, not deflated (the formats are compressed already), and taken in by the
      // archive before the next image is fetched: a ZIP holds one image at a time.
      await added(archive, resource.body, name);
      html = html.split(reference).join(name);
      for (const one of others) one.html = one.html.split(reference).join(`../${name}`);
    } catch (error) {
      signal.throwIfAborted();
      warnings.push(`Image ${address} is not in the ZIP and still points at its address: ${connectionErrorMessage(error)}.`);
    }
  }
  archive.append(html, { name: 'index.html' });
  archive.append(content.text, { name: 'index.txt' });
  for (const one of others) {
    archive.append(one.html, { name: `${one.language}/index.html` });
    archive.append(one.text, { name: `${one.language}/index.txt` });
  }
  await archive.finalize();
  return { body: await zipped, warnings };
}
