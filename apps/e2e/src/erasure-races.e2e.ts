// @lane serial: provokes a race between an erasure and writes, whose timing a file beside it would change.
import { readFileSync } from 'node:fs';
import { type ApiAnswer, call, editorSession, exampleDesign, newProject } from './support/api';
import { query } from './support/database';
import { eraseUser, personRow, type PersonRef, storedFiles, traces, waitUntilErased } from './erasure-helpers';
import { download, TINY_PNG } from './file-exports-helpers';
import { logFileOf, waitFor } from './support/stack';
import { WebhookReceiver } from './support/webhook-receiver';

const WRITES = 100;
const EXPORT_FORMATS = ['zip', 'png', 'pdf', 'html'] as const;

/** Where an accepted write's file is fetched from: an uploaded image's link or an exported file's. */
const linkOf = (answer: ApiAnswer): string | undefined => answer.body?.url;

describe('an erasure racing uploads and exports of the same person', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => (receiver = await WebhookReceiver.start()));
  afterAll(() => receiver.stop());

  it('leaves no row, no file and no working link behind, and refuses the writes it overtook with 409 user_erased', async () => {
    const { projectId, testKey } = newProject('email', '--webhook-url', receiver.url('races'));
    const person: PersonRef = { projectId, environment: 'test', userId: `race-${Date.now().toString(36)}` };
    const { editor } = await editorSession(testKey, person.userId);
    const design = (await editor('POST', '/designs', { body: { name: 'Raced', doc: exampleDesign('email') } })).body;
    const { id: personId } = (await personRow(person))!;

    const answered: ApiAnswer[] = [];
    const writes = Array.from({ length: WRITES }, async (_, n) => {
      const answer =
        n % 2 === 0
          ? await editor('POST', '/images', { rawBody: TINY_PNG as unknown as string, headers: { 'content-type': 'image/png' } })
          : await call('POST', `/embed/v1/designs/${design.id}/export`, { bearer: testKey, body: { user: { id: person.userId }, format: EXPORT_FORMATS[(n >> 1) % 4] } });
      answered.push(answer);
      return answer;
    });
    // The erasure starts while most writes are still in flight.
    await waitFor('the first writes to be answered', async () => answered.length >= 5, 60_000);
    expect((await eraseUser(testKey, person.userId)).status).toBe(202);
    const answers = await Promise.all(writes);
    await waitUntilErased(person, 60_000);
    await receiver.waitFor('races', 'user.erased', (requests) => requests.some((r) => r.json.type === 'user.erased'), 30_000);

    // Every write either went through before the erasure or was refused as the person's.
    // Once the erasure finished, the person is unknown: an upload's token died with them
    // (401) and their design is no one's (404). An export the renderer had no room for is
    // refused as briefly unavailable, with nothing kept.
    const outcomes = answers.map((a) => `${a.status} ${a.body?.code ?? ''}`.trim());
    const refusals = ['409 user_erased', '401 token_invalid', '404 design_not_found', '503 service_unavailable'];
    for (const outcome of outcomes) expect(['200', '201', ...refusals]).toContain(outcome);
    // The race happened: writes landed on both sides of the erasure.
    expect(outcomes.filter((o) => o === '200' || o === '201').length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o === '409 user_erased').length).toBeGreaterThan(0);

    // Until its delivery is recorded, the user.erased delivery names the person (docs/erasure.md).
    await waitFor('the delivery to be recorded', async () => (await query(`SELECT 1 FROM "WebhookDelivery" WHERE "projectId" = $1 AND "eventType" = 'user.erased' AND status = 'delivered'`, [projectId])).length === 1);
    expect(await traces([person.userId, personId, design.id])).toEqual([]);
    expect(storedFiles([personId, design.id])).toEqual([]);
    const links = answers.flatMap((answer) => linkOf(answer) ?? []);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect({ link, status: (await download(link)).status }).toEqual({ link, status: 404 });
    // Nor do the gateway's request lines keep the person's id (in DELETE's path) or a link's signature.
    const gatewayLog = readFileSync(logFileOf('gateway'), 'utf8');
    const signatures = links.flatMap((link) => new URL(link).searchParams.get('sig') ?? []);
    expect(gatewayLog).toContain('/embed/v1/users/[redacted]');
    for (const secret of [person.userId, ...signatures]) expect(gatewayLog.includes(secret)).toBe(false);
  }, 180_000);
});
