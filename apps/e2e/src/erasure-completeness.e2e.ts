// @lane shared
import { editorSession, exampleDesign, newProject } from './support/api';
import { query } from './support/database';
import { eraseUser, personRow, type PersonRef, storedFiles, traces, waitUntilErased } from './erasure-helpers';
import { download, TINY_PNG } from './file-exports-helpers';
import { waitFor } from './support/stack';
import { WebhookReceiver } from './support/webhook-receiver';

describe('after an erasure completes and user.erased is delivered', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => (receiver = await WebhookReceiver.start()));
  afterAll(() => receiver.stop());

  it('no table and no stored file holds the person’s id or their designs’ ids', async () => {
    const { projectId, testKey } = newProject('email', '--webhook-url', receiver.url('completeness'));
    const person: PersonRef = { projectId, environment: 'test', userId: `trace-${Date.now().toString(36)}` };
    const { editor } = await editorSession(testKey, person.userId);
    const doc = exampleDesign('email');
    const designIds: string[] = [];
    for (const name of ['one', 'two', 'three']) designIds.push((await editor('POST', '/designs', { body: { name, doc } })).body.id);
    await editor('PUT', `/designs/${designIds[0]}`, { body: { doc } });
    await editor('POST', `/designs/${designIds[1]}/export`, { body: { format: 'html' } });
    expect((await editor('POST', `/designs/${designIds[1]}/export`, { body: { format: 'pdf' } })).status).toBe(200);
    const image = await editor('POST', '/images', { rawBody: TINY_PNG as unknown as string, headers: { 'content-type': 'image/png' } });
    expect(image.status).toBe(201);
    // No shared cache may keep the person's image past their erasure, and a browser only briefly.
    const served = await download(image.body.url);
    expect({ status: served.status, caching: served.headers.get('cache-control') }).toEqual({ status: 200, caching: 'private, max-age=300' });
    await editor('DELETE', `/designs/${designIds[2]}`);
    expect((await editor('POST', '/rows', { body: { name: 'My header', row: doc.body.rows[0] } })).status).toBe(201);
    const { id: personId } = (await personRow(person))!;
    expect((await traces([person.userId, personId, ...designIds])).length).toBeGreaterThan(10);
    expect(storedFiles([personId]).length).toBeGreaterThanOrEqual(2);

    expect((await eraseUser(testKey, person.userId)).status).toBe(202);
    await waitUntilErased(person);
    const erased = await receiver.waitFor('completeness', 'user.erased', (requests) => requests.some((r) => r.json.type === 'user.erased'));
    expect(erased.filter((r) => r.json.type === 'user.erased').map((r) => r.json.data)).toEqual([{ userId: person.userId }]);
    await waitFor('the delivery to be recorded', async () => (await query(`SELECT 1 FROM "WebhookDelivery" WHERE "projectId" = $1 AND "eventType" = 'user.erased' AND status = 'delivered'`, [projectId])).length === 1);

    expect(await traces([person.userId, personId, ...designIds])).toEqual([]);
    expect(storedFiles([personId, ...designIds])).toEqual([]);
    expect((await download(image.body.url)).status).toBe(404);
  });
});
