// @lane shared
import { call, editorSession, exampleDesign, expectError, newProject } from './support/api';
import { query } from './support/database';
import { admin } from './support/stack';
import { eraseUser, personRow, storedFiles, waitUntilErased } from './erasure-helpers';
import { TINY_PNG } from './file-exports-helpers';

// docs/admin.md "Quotas": what a person and a project's people may keep, set with the admin
// command line and refused with 403 quota_exceeded naming the quota. Before quotas, every
// create below was taken (201) and `quota` was an unknown admin command (exit 2).

const png = { rawBody: TINY_PNG as unknown as string, headers: { 'content-type': 'image/png' } };
const doc = exampleDesign('email');

function setQuotas(projectId: string, ...flags: string[]) {
  const result = admin('quota', 'set', '--project', projectId, '--env', 'test', ...flags);
  expect(result.stderr).toBe('');
  return result.json;
}

const showQuotas = (projectId: string) => admin('quota', 'show', '--project', projectId).json.quotas;

describe('quotas', () => {
  it('refuses the design past a person’s quota with 403 quota_exceeded naming it, and a delete gives the place back', async () => {
    const { projectId, testKey } = newProject('email');
    setQuotas(projectId, '--person-designs', '2');
    const { editor } = await editorSession(testKey, 'ann');
    const created = [];
    for (const name of ['one', 'two']) created.push(expect201(await editor('POST', '/designs', { body: { name, doc } })));
    const refused = expectError(await editor('POST', '/designs', { body: { name: 'three', doc } }), 403, 'quota_exceeded');
    expect(refused.body).toMatchObject({ quota: 'personDesigns', limit: 2 });
    expect(refused.body.error).toBe('quota personDesigns reached: this person may keep 2 designs; nothing was stored (delete a design, or ask the operator to raise it)');
    expect(await query(`SELECT name FROM "Design" WHERE "projectId" = $1 ORDER BY name`, [projectId])).toEqual([{ name: 'one' }, { name: 'two' }]);
    // Another person of the project has places of their own.
    expect201(await (await editorSession(testKey, 'bob')).editor('POST', '/designs', { body: { name: 'bob', doc } }));
    expect((await editor('DELETE', `/designs/${created[0].id}`)).status).toBe(204);
    expect201(await editor('POST', '/designs', { body: { name: 'three', doc } }));
  });

  it('refuses the design past the project’s quota, whoever makes it, in the environment it was set for', async () => {
    const { projectId, testKey, liveKey } = newProject('email');
    setQuotas(projectId, '--project-designs', '3');
    const ann = (await editorSession(testKey, 'ann')).editor;
    const bob = (await editorSession(testKey, 'bob')).editor;
    for (const editor of [ann, ann, bob]) expect201(await editor('POST', '/designs', { body: { name: 'x', doc } }));
    const refused = expectError(await bob('POST', '/designs', { body: { name: 'x', doc } }), 403, 'quota_exceeded');
    expect(refused.body).toMatchObject({ quota: 'projectDesigns', limit: 3 });
    expect201(await (await editorSession(liveKey, 'ann')).editor('POST', '/designs', { body: { name: 'live', doc } }));
  });

  it('refuses the image past a person’s count or bytes, and keeps no file of it', async () => {
    const { projectId, testKey } = newProject('email');
    setQuotas(projectId, '--person-images', '2');
    const { editor } = await editorSession(testKey, 'ann');
    for (let i = 0; i < 2; i++) expect201(await editor('POST', '/images', png));
    const refused = expectError(await editor('POST', '/images', png), 403, 'quota_exceeded');
    expect(refused.body).toMatchObject({ quota: 'personImages', limit: 2 });
    const [{ personId }] = await query<{ personId: string }>(`SELECT id AS "personId" FROM "Person" WHERE "projectId" = $1`, [projectId]);
    expect(imagesOf(personId)).toHaveLength(2);

    setQuotas(projectId, '--person-images', 'default', '--person-image-bytes', String(3 * TINY_PNG.length));
    expect201(await editor('POST', '/images', png));
    expect(expectError(await editor('POST', '/images', png), 403, 'quota_exceeded').body).toMatchObject({ quota: 'personImageBytes', limit: 3 * TINY_PNG.length });
    expect(imagesOf(personId)).toHaveLength(3);
  });

  // Twenty uploads at once with five places left: the person's row lock makes each count
  // the one before, so exactly five are kept, with their files, and nothing is left staged.
  it('takes exactly as many concurrent uploads and creates as there are places', async () => {
    const { projectId, testKey } = newProject('email');
    setQuotas(projectId, '--person-images', '5', '--person-designs', '3');
    const { editor } = await editorSession(testKey, 'ann');
    const uploads = await Promise.all(Array.from({ length: 20 }, () => editor('POST', '/images', png)));
    expect(statuses(uploads)).toEqual({ 201: 5, 403: 15 });
    const creates = await Promise.all(Array.from({ length: 10 }, (_, i) => editor('POST', '/designs', { body: { name: `d${i}`, doc } })));
    expect(statuses(creates)).toEqual({ 201: 3, 403: 7 });
    const [person] = await query<{ personId: string; imageCount: number; designCount: number }>(
      `SELECT id AS "personId", "imageCount", "designCount" FROM "Person" WHERE "projectId" = $1`,
      [projectId],
    );
    expect(person).toMatchObject({ imageCount: 5, designCount: 3 });
    expect(await query(`SELECT count(*)::int AS n FROM "Image" WHERE "personId" = $1`, [person.personId])).toEqual([{ n: 5 }]);
    expect(imagesOf(person.personId)).toHaveLength(5);
    expect(filesOf(person.personId).filter((file) => !file.startsWith('images/'))).toEqual([]);
  });

  it('shows the limits and what the project’s people hold, and an erasure gives the person’s share back', async () => {
    const { projectId, testKey } = newProject('email');
    const { editor } = await editorSession(testKey, 'ann');
    expect201(await editor('POST', '/designs', { body: { name: 'x', doc } }));
    expect201(await editor('POST', '/images', png));
    expect201(await (await editorSession(testKey, 'bob')).editor('POST', '/designs', { body: { name: 'y', doc } }));
    const shown = setQuotas(projectId, '--project-images', '100');
    expect(shown).toEqual({ projectId, quotas: showQuotas(projectId) });
    expect(shown.quotas.test).toEqual({
      limits: { personImages: 1000, personImageBytes: 1073741824, personDesigns: 1000, projectImages: 100, projectImageBytes: 107374182400, projectDesigns: 1000000 },
      set: ['projectImages'],
      usage: { project: { images: 1, imageBytes: TINY_PNG.length, designs: 2 }, people: 2, largestPerson: { images: 1, imageBytes: TINY_PNG.length, designs: 1 } },
    });
    expect(shown.quotas.live).toMatchObject({ set: [], usage: { project: { images: 0, imageBytes: 0, designs: 0 }, people: 0 } });

    expect((await eraseUser(testKey, 'ann')).status).toBe(202);
    await waitUntilErased({ projectId, environment: 'test', userId: 'ann' });
    expect(await personRow({ projectId, environment: 'test', userId: 'ann' })).toBeNull();
    expect(showQuotas(projectId).test.usage).toEqual({ project: { images: 0, imageBytes: 0, designs: 1 }, people: 1, largestPerson: { images: 0, imageBytes: 0, designs: 1 } });
  });

  it('refuses a bad value, an unknown project and a command that sets nothing, saying why', () => {
    const { projectId } = newProject('email');
    const bad = admin('quota', 'set', '--project', projectId, '--person-images', '1.5');
    expect({ status: bad.status, stderr: bad.stderr }).toEqual({ status: 2, stderr: expect.stringContaining('--person-images must be a whole number from 0 to 2147483647, or "default"') });
    expect(admin('quota', 'set', '--project', projectId).status).toBe(2);
    const unknown = admin('quota', 'show', '--project', 'prj_none');
    expect({ status: unknown.status, stderr: unknown.stderr }).toEqual({ status: 1, stderr: 'error: project prj_none not found\n' });
  });
});

function expect201(answer: Awaited<ReturnType<typeof call>>) {
  expect({ status: answer.status, body: answer.status === 201 ? 'created' : answer.body }).toEqual({ status: 201, body: 'created' });
  return answer.body;
}

/** The person's stored files (not their folders), wherever they are: images, staging, exports. */
const filesOf = (personId: string) => storedFiles([personId]).filter((file) => /\.[a-z]+$/.test(file));
/** The person's stored images, each counted once with its thumbnail beside it (a file alone, image or thumbnail, fails). */
function imagesOf(personId: string): string[] {
  const files = filesOf(personId).filter((file) => file.startsWith('images/'));
  const images = files.filter((file) => !file.endsWith('-thumb.webp'));
  expect(files.filter((file) => file.endsWith('-thumb.webp')).sort()).toEqual(images.map((file) => `${file.slice(0, file.lastIndexOf('.'))}-thumb.webp`).sort());
  return images;
}

const statuses = (answers: { status: number }[]) => answers.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});
