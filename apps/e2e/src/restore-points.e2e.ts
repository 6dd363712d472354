// @lane shared
// Restore points stay a bounded set (docs/editor.md, "Restore points"): however many saves
// a design gets, it keeps at most MAX_RESTORE_POINTS_PER_DESIGN, the list answers them as
// summaries page by page, and a document is read one restore point at a time.
import { readFileSync } from 'node:fs';
import { MAX_RESTORE_POINTS_PER_DESIGN } from '@embed/restore-points';
import { editorSession, exampleDesign, expectError, newProject } from './support/api';
import { query } from './support/database';
import { pidOf } from './support/stack';

jest.setTimeout(240_000);

/** The email example grown to about 20 KB by an html block, as a design with some content is. */
function sizableDesign(label: string): Record<string, any> {
  const doc = exampleDesign('email');
  const html = `<p>${label} ${'lorem ipsum dolor sit amet '.repeat(750)}</p>`;
  doc.body.rows[0].columns[0].blocks.push({ type: 'html', id: 'padding', html });
  return doc;
}

/** The designs service's resident memory, in bytes: now, and its peak since it started. */
function designsMemory(): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pidOf('designs')}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

const keptRevisions = async (designId: string) =>
  (await query<{ revision: number }>('SELECT revision FROM "RestorePoint" WHERE "designId" = $1 ORDER BY revision DESC', [designId])).map((row) => row.revision);

/** `doc` with a subject of its own for save `save`: a save that changes nothing keeps no restore point. */
const changed = (doc: Record<string, any>, save: number) => ({ ...doc, settings: { ...doc.settings, subject: `Save ${save}` } });

describe('restore points', () => {
  it('after 300 saves keeps a bounded set, lists it small and page by page, and gives one point with its document', async () => {
    const { testKey } = newProject('email');
    const { editor } = await editorSession(testKey, 'ann');
    const created = await editor('POST', '/designs', { body: { name: 'Busy', doc: sizableDesign('save 0') } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const docBytes = Buffer.byteLength(JSON.stringify(created.body.doc));
    expect(docBytes).toBeGreaterThan(20_000);

    // Saves asked for (no `autosave`): nothing coalesces them within the hour, only the cap bounds them.
    for (let save = 1; save <= 300; save++) {
      const saved = await editor('PUT', `/designs/${id}`, { body: { name: `Busy ${save}`, doc: sizableDesign(`save ${save}`) } });
      expect({ save, status: saved.status }).toEqual({ save, status: 200 });
    }

    const kept = await keptRevisions(id);
    expect(kept.length).toBe(MAX_RESTORE_POINTS_PER_DESIGN);
    expect(kept[0]).toBe(300);

    const memoryBefore = designsMemory();
    const first = await editor('GET', `/designs/${id}/revisions`);
    const memoryAfter = designsMemory();
    expect(first.status).toBe(200);
    // 50 summaries (the default page) and no document: a few kilobytes, whatever the documents weigh.
    expect(first.body.revisions).toHaveLength(50);
    expect(first.body.revisions.every((point: any) => !('doc' in point))).toBe(true);
    expect(Buffer.byteLength(first.text)).toBeLessThan(8_000);
    expect(first.body.revisions[0]).toEqual({ revision: 300, name: 'Busy 300', createdAt: expect.any(String), autosave: false, label: null });
    console.log(
      `after 300 saves of ${docBytes} B documents: ${kept.length} restore points kept; the first page of the list is ${Buffer.byteLength(first.text)} B; ` +
        `the designs service's memory went from ${memoryBefore.rss} to ${memoryAfter.rss} B (peak ${memoryAfter.peak} B)`,
    );

    // Walking every page gives every kept point once, newest first.
    const walked: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: any = await editor('GET', `/designs/${id}/revisions?limit=30${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.status).toBe(200);
      walked.push(...page.body.revisions.map((point: any) => point.revision));
      cursor = page.body.nextCursor;
      pages++;
    } while (cursor);
    expect(walked).toEqual(kept);
    expect(pages).toBe(Math.ceil(kept.length / 30));

    // One restore point, with its document; one thinned away is not found.
    const point = await editor('GET', `/designs/${id}/revisions/250`);
    expect(point.status).toBe(200);
    expect(point.body).toEqual({ revision: 250, name: 'Busy 250', createdAt: expect.any(String), autosave: false, label: null, doc: sizableDesign('save 250') });
    expectError(await editor('GET', `/designs/${id}/revisions/3`), 404, 'revision_not_found');
  });

  it('coalesces autosaves within a window and keeps every save asked for', async () => {
    const { testKey } = newProject('email');
    const { editor } = await editorSession(testKey, 'ann');
    const doc = exampleDesign('email');
    const { body: design } = await editor('POST', '/designs', { body: { name: 'Typing', doc } });
    for (let save = 1; save <= 40; save++) {
      const saved = await editor('PUT', `/designs/${design.id}`, { body: { doc: changed(doc, save), autosave: save !== 20 } });
      expect({ save, status: saved.status }).toEqual({ save, status: 200 });
    }
    const kept = await keptRevisions(design.id);
    // The create and the save asked for stay; 39 autosaves within a minute or so leave one or two
    // (the newest of each 5-minute window they fall in).
    expect(kept).toEqual(expect.arrayContaining([40, 20, 0]));
    expect(kept.length).toBeLessThanOrEqual(5);
    const listed = await editor('GET', `/designs/${design.id}/revisions`);
    expect(listed.body.revisions.map((point: any) => [point.revision, point.autosave])).toEqual(kept.map((revision) => [revision, revision !== 0 && revision !== 20]));
  });

  it('thins older points in the transaction of the next save: hourly for a day, then daily', async () => {
    const { testKey } = newProject('email');
    const { editor } = await editorSession(testKey, 'ann');
    const doc = exampleDesign('email');
    const { body: design } = await editor('POST', '/designs', { body: { name: 'Aging', doc } });
    for (let save = 1; save <= 6; save++) await editor('PUT', `/designs/${design.id}`, { body: { doc: changed(doc, save) } });
    expect(await keptRevisions(design.id)).toEqual([6, 5, 4, 3, 2, 1, 0]);
    // As if the first four saves were made three days ago and the next three ten hours ago, at one minute apart.
    await query(
      `UPDATE "RestorePoint" SET "createdAt" = date_trunc('hour', now() AT TIME ZONE 'UTC') - CASE WHEN revision < 4 THEN interval '3 days' ELSE interval '10 hours' END + revision * interval '1 minute' WHERE "designId" = $1`,
      [design.id],
    );
    expect((await editor('PUT', `/designs/${design.id}`, { body: { doc: changed(doc, 7) } })).status).toBe(200);
    expect(await keptRevisions(design.id)).toEqual([7, 6, 3]);
  });

  it('refuses a revision or a cursor that is not one, and hides another person’s points', async () => {
    const { testKey } = newProject('email');
    const { editor } = await editorSession(testKey, 'ann');
    const { editor: other } = await editorSession(testKey, 'bob');
    const doc = exampleDesign('email');
    const { body: design } = await editor('POST', '/designs', { body: { name: 'Mine', doc } });
    const { body: second } = await editor('POST', '/designs', { body: { name: 'Also mine', doc } });
    await editor('PUT', `/designs/${design.id}`, { body: { doc: changed(doc, 1) } });

    const page = await editor('GET', `/designs/${design.id}/revisions?limit=1`);
    expect(page.body).toEqual({ revisions: [expect.objectContaining({ revision: 1 })], nextCursor: expect.any(String) });
    // A cursor pages the design it was made for, and only that one.
    expectError(await editor('GET', `/designs/${second.id}/revisions?cursor=${page.body.nextCursor}`), 400, 'request_invalid');
    expectError(await editor('GET', `/designs/${design.id}/revisions?cursor=nonsense`), 400, 'request_invalid');
    expectError(await editor('GET', `/designs/${design.id}/revisions?limit=0`), 400, 'request_invalid');
    expect((await editor('GET', `/designs/${design.id}/revisions?limit=1&cursor=${page.body.nextCursor}`)).body).toEqual({
      revisions: [expect.objectContaining({ revision: 0 })],
      nextCursor: null,
    });

    for (const revision of ['x', '-1', '1.5', '99999999999']) {
      const refused = expectError(await editor('GET', `/designs/${design.id}/revisions/${revision}`), 400, 'request_invalid');
      expect(refused.body.error).toMatch(/revision/);
    }
    expectError(await other('GET', `/designs/${design.id}/revisions`), 404, 'design_not_found');
    expectError(await other('GET', `/designs/${design.id}/revisions/1`), 404, 'design_not_found');
    expectError(await editor('GET', `/designs/${design.id}/revisions/9`), 404, 'revision_not_found');
  });
});
