// @lane shared
import { type ApiAnswer, call, editorSession, exampleDesign, newProject } from './support/api';

// docs/server-api.md "Saved rows": a person's save that changes a locked row of the stored
// design is refused (409 row_locked). The check reads the stored design in the save's own
// transaction, under the design's row lock: before, it read it just ahead of the transaction,
// so a save checked against the design as it was before another save added a locked row
// could still replace that row, and a synced row's content read twice could differ between
// the two reads (a project row replaced in between) and refuse a save that kept every
// locked row as it was.

const email = exampleDesign('email');
const footer = email.body.rows.find((row: { id: string }) => row.id === 'footer');
const words = (id: string, text: string) => ({ id, columns: [{ blocks: [{ type: 'text', content: [{ type: 'paragraph', content: [{ text }] }] }] }] });
const ROUNDS = 8;
const REMOVERS = 5;

function body(answer: ApiAnswer, status: number): any {
  expect({ status: answer.status, text: answer.status === status ? '' : answer.text }).toEqual({ status, text: '' });
  return answer.body;
}

describe('a locked row under concurrent saves', () => {
  it('is never changed or removed by a save that raced the save adding it, nor a save refused because the integrator replaced a synced row meanwhile', async () => {
    const { testKey } = newProject('email');
    const server = (method: string, path: string, payload?: unknown) => call(method, `/embed/v1${path}`, { bearer: testKey, body: payload });
    const banner = body(await server('POST', '/rows', { name: 'Banner', row: words('banner', 'Sale 0'), locked: true, synced: true }), 201);
    // The design's copy of the synced, locked banner, as the editor inserts it.
    const bannerCopy = { ...words('banner', 'Sale 0'), locked: true, syncedRowId: banner.id };
    const lockedFooter = { ...footer, locked: true };
    const { editor } = await editorSession(testKey, 'person-1');
    const refusals: string[] = [];

    for (let round = 0; round < ROUNDS; round += 1) {
      const created = body(await server('POST', '/users/person-1/designs', { name: `Race ${round}`, doc: { ...email, body: { ...email.body, rows: [bannerCopy, words('story', 'Our story')] } } }), 201);
      const save = (rows: unknown[]) => editor('PUT', `/designs/${created.id}`, { body: { doc: { ...created.doc, body: { ...created.doc.body, rows } } } });
      // One save inserts the project's locked footer; the others, each from the design as
      // first read, keep the footer as a row of their own, changed and unlocked. Meanwhile the
      // integrator's server replaces the synced banner.
      const answers = await Promise.all([
        save([bannerCopy, words('story', 'Our story'), lockedFooter]),
        ...Array.from({ length: REMOVERS }, (_, index) => save([bannerCopy, words('story', `Story ${index}`), { ...footer, columns: words('x', `Footer ${index}`).columns }])),
        server('PUT', `/rows/${banner.id}`, { name: 'Banner', row: words('banner', `Sale ${round + 1}`), locked: true, synced: true }),
      ]);
      const saves = answers.slice(0, -1);
      body(answers.at(-1)!, 200);

      const history = new Map<number, any>([[created.revision, created.doc]]);
      for (const answer of saves) {
        if (answer.status === 409) refusals.push(answer.body.error);
        else history.set(body(answer, 200).revision, answer.body.doc);
      }
      // Every save kept the banner as it was: none is refused for it, and the one adding the footer is never refused.
      expect(saves[0].status).toBe(200);
      const revisions = [...history.keys()].sort((a, b) => a - b);
      expect(revisions).toEqual(revisions.map((_, index) => created.revision + index));
      // From the revision that holds the locked footer on, every revision holds it as inserted.
      const added = revisions.findIndex((revision) => history.get(revision).body.rows.some((row: { locked?: boolean; id: string }) => row.id === 'footer' && row.locked));
      expect(added).toBeGreaterThan(0);
      for (const revision of revisions.slice(added)) expect(history.get(revision).body.rows.find((row: { id: string }) => row.id === 'footer')).toEqual(lockedFooter);
      const stored = body(await editor('GET', `/designs/${created.id}`), 200);
      expect(stored.revision).toBe(revisions.at(-1));
      expect(stored.doc.body.rows.find((row: { id: string }) => row.id === 'footer')).toEqual(lockedFooter);
      expect(stored.doc.body.rows[0]).toEqual({ ...words('banner', `Sale ${round + 1}`), locked: true, syncedRowId: banner.id });
    }
    expect(new Set(refusals)).toEqual(new Set(['row "footer" is locked: it cannot be changed; nothing was saved (only the integrator’s server changes locked rows)']));
  });
});
