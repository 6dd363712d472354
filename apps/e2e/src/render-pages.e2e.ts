// @lane alone: counts the renderer's Chromium processes while 8 tenants export PDFs, which a loaded machine leaves running longer after their pages close (15 seen against a bound of 8).
import { readdirSync, readFileSync } from 'node:fs';
import { call, newProject, retrying503, saveDesign } from './support/api';
import { metricAt } from './support/metrics';
import { opsUrl, pidOf, sleep } from './support/stack';

const PROJECTS = 4;
const ROUNDS = 3;
const AT_ONCE = 4;
const MAX_ATTEMPTS = 3;
/**
 * Chromium's renderer processes besides the pages': the default context's blank page and
 * the spare Chromium keeps ready for the next one.
 */
const CHROMIUM_OWN_RENDERERS = 2;

/** Chromium's renderer processes under the renderer service (each page has one of its own). */
function chromiumRenderers(root: number): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone while we looked.
    }
  }
  const tree = (pid: number): number[] => [pid, ...[...parents].filter(([, parent]) => parent === pid).flatMap(([child]) => tree(child))];
  return tree(root).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer');
    } catch {
      return false;
    }
  }).length;
}

describe("the renderer's pages (docs/file-exports.md, pages bounded)", () => {
  it(`keeps Chromium's pages within RENDER_PAGES_TOTAL while ${PROJECTS * 2} tenants export PDFs, ${AT_ONCE} at once`, async () => {
    // A tenant is a project's environment: each project's test and live keys are two.
    const tenants: Array<{ key: string; designId: string }> = [];
    for (let n = 0; n < PROJECTS; n++) {
      const { testKey, liveKey } = newProject('email');
      for (const key of [testKey, liveKey]) tenants.push({ key, designId: (await saveDesign(key, 'ann', `Tenant ${tenants.length}`)).id });
    }
    const limit = await metricAt(opsUrl('renderer'), 'embed_renderer_pages_limit');
    expect(limit).toBe(6);

    const seen = { pages: 0, renderers: 0 };
    let exporting = true;
    const watching = (async () => {
      while (exporting) {
        seen.pages = Math.max(seen.pages, await metricAt(opsUrl('renderer'), 'embed_renderer_pages_open'));
        seen.renderers = Math.max(seen.renderers, chromiumRenderers(pidOf('renderer')));
        await sleep(50);
      }
    })();
    const jobs = Array.from({ length: ROUNDS }, () => tenants).flat();
    // Four PDFs for two browser slots: on a busy machine the last may outlive its
    // deadline, a 503 that a client retries, as here.
    const exportPdf = async ({ key, designId }: (typeof tenants)[number]) =>
      (await retrying503(() => call('POST', `/embed/v1/designs/${designId}/export`, { bearer: key, body: { user: { id: 'ann' }, format: 'pdf' } }), MAX_ATTEMPTS)).status;
    const statuses: number[] = [];
    try {
      for (let at = 0; at < jobs.length; at += AT_ONCE) statuses.push(...(await Promise.all(jobs.slice(at, at + AT_ONCE).map(exportPdf))));
    } finally {
      exporting = false;
      await watching;
    }
    expect(statuses).toEqual(jobs.map(() => 200));
    expect(seen.pages).toBeGreaterThan(0);
    expect(seen.pages).toBeLessThanOrEqual(limit);
    // What Chromium itself runs: one renderer process a page, and its own two.
    expect(seen.renderers).toBeLessThanOrEqual(limit + CHROMIUM_OWN_RENDERERS);
  }, 240_000);
});
