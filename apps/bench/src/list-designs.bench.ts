import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { type Benchmark, line } from './benchmark';
import { interleavedTimings } from './interleave';
import { bearer, call, editorToken, insertDesigns, newProject } from './seed';
import { benchStack } from './stack';

const DESIGNS = 10_000;
const PAGE = 100;
/** Measured lists of each page, interleaved. */
const RUNS = 60;
const WARMUP = 10;

/**
 * A person's designs listed at page 1 and at page 100 (50 a page, of 10,000 designs),
 * one request at a time, interleaved: a keyset cursor reads the same rows from the index
 * wherever the page is, so the deep page should cost what the first one does (an OFFSET
 * would read and skip 4,950 rows first).
 */
export const benchmark: Benchmark = {
  name: 'list designs',
  async run() {
    const baseUrl = benchStack.baseUrl();
    const project = newProject('list bench');
    const userId = 'bench-many-designs';
    await editorToken(baseUrl, project.key, userId);
    const db = new Client({ connectionString: benchStack.databaseUrl() });
    await db.connect();
    try {
      const doc = JSON.parse(readFileSync(path.resolve(__dirname, '../../../../docs/examples/designs/email.json'), 'utf8'));
      await insertDesigns(db, project.projectId, userId, DESIGNS, doc, false);
      await db.query('ANALYZE "Design"');
    } finally {
      await db.end();
    }
    const list = `${baseUrl}/embed/v1/users/${userId}/designs`;
    const auth = bearer(project.key);
    let cursor: string | null = null;
    for (let page = 1; page < PAGE; page++) ({ nextCursor: cursor } = await call<{ nextCursor: string | null }>('GET', `${list}${cursor ? `?cursor=${cursor}` : ''}`, auth));
    if (!cursor) throw new Error(`page ${PAGE} of ${DESIGNS} designs has no cursor`);
    const deep = `${list}?cursor=${cursor}`;
    const [first, hundredth] = await interleavedTimings([() => call('GET', list, auth), () => call('GET', deep, auth)], RUNS, WARMUP);
    return [line(`api.list_designs.page_${PAGE}_of_${DESIGNS}`, 'ms', hundredth.median, 'page 1 of the same list', first.median)];
  },
};
