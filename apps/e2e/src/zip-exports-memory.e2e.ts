// @lane alone: measures the renderer's memory over ten ZIP exports, whose peak a loaded machine raises (jobs held longer, collected later).
import { call, editorSession, exampleDesign, newProject, retrying503, saveDesign } from './support/api';
import { download, noisePng, unpackZip } from './file-exports-helpers';
import { opsUrl, sleep } from './support/stack';

const MB = 1024 * 1024;
const IMAGES = 6;
const IMAGE_BYTES = 1 * MB;
const CONCURRENT_ZIPS = 10;
/**
 * The renderer makes at most RENDER_BROWSER_JOBS (2 in tests) files at once, ZIPs included,
 * and a ZIP holds one image at a time beside its output (here 6 MB). Measured on a busy
 * 2-core machine: the renderer's RSS grew by 140 to 165 MB during the ten (what the
 * collector has not yet taken back counts too). Held whole at once, as before, ten ZIPs
 * hold every image and every output besides, 10 × (6 + 6) MB more than that, and none of
 * them finished within its deadline.
 */
const RSS_GROWTH_BOUND = 200 * MB;
const MAX_ATTEMPTS = 4;

async function rendererRss(): Promise<number> {
  const metrics = await (await fetch(`${opsUrl('renderer')}/metrics`)).text();
  return Number(/^process_resident_memory_bytes (\d+)/m.exec(metrics)![1]);
}

describe('ZIP exports under load', () => {
  it(`makes ${CONCURRENT_ZIPS} ZIPs of ${IMAGES} images of 1 MB at once, with the renderer's memory bounded`, async () => {
    const { testKey } = newProject('email');
    const { editor } = await editorSession(testKey, 'ann');
    const urls: string[] = [];
    for (let i = 0; i < IMAGES; i++) {
      const uploaded = await editor('POST', '/images', { rawBody: noisePng(IMAGE_BYTES) as unknown as string, headers: { 'content-type': 'image/png' } });
      expect(uploaded.status).toBe(201);
      urls.push(uploaded.body.url);
    }
    const doc = exampleDesign('email');
    doc.body.rows.push({ id: 'gallery', style: { padding: '0px' }, columns: [{ blocks: urls.map((src) => ({ type: 'image', src, alt: 'Noise' })) }] });
    const design = await saveDesign(testKey, 'ann', 'Heavy', doc);

    const before = await rendererRss();
    let peak = before;
    let exporting = true;
    const watching = (async () => {
      while (exporting) {
        peak = Math.max(peak, await rendererRss());
        await sleep(100);
      }
    })();
    // Ten ZIPs queue for two slots, so on a busy machine the last ones may outlive their
    // deadline: that answer is 503 ("nothing was changed"), which a client retries, as here.
    const exportZip = () => retrying503(() => call('POST', `/embed/v1/designs/${design.id}/export`, { bearer: testKey, body: { user: { id: 'ann' }, format: 'zip' } }), MAX_ATTEMPTS);
    const answers = await Promise.all(Array.from({ length: CONCURRENT_ZIPS }, exportZip)).finally(() => (exporting = false));
    await watching;

    expect(answers.map((answer) => answer.status)).toEqual(Array(CONCURRENT_ZIPS).fill(200));
    for (const answer of answers) expect(answer.body.bytes).toBeGreaterThan(IMAGES * IMAGE_BYTES);
    const zip = unpackZip((await download(answers[0].body.url)).bytes);
    // The uploads, and the example's three social icons (the service's own images).
    expect(zip.entries.filter((name) => name.startsWith('images/'))).toHaveLength(IMAGES + 3);
    expect(peak - before).toBeLessThan(RSS_GROWTH_BOUND);
  }, 180_000);
});
