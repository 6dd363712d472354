// @lane serial: kills and restarts the erasure service.
import { call, EDITOR_SITE, editorSession, expectError, newProject } from './support/api';
import { killService, restartServices, startService, waitFor } from './support/stack';
import { countRows, eraseUser, insertDesigns, personRow, type PersonRef, userErasedEvents, waitUntilErased } from './erasure-helpers';

const DESIGNS = 5_000;

describe('an erasure process killed in the middle of erasing a person', () => {
  // Small batches make the erasure long enough to be killed between two of them.
  beforeAll(() => restartServices(['erasure'], { ERASURE_BATCH_SIZE: '20' }), 60_000);
  afterAll(() => restartServices(['erasure']), 60_000);

  it('resumes once started again, finishes, and writes user.erased exactly once', async () => {
    const { projectId, testKey } = newProject();
    const person: PersonRef = { projectId, environment: 'test', userId: 'crash' };
    await editorSession(testKey, person.userId);
    const { id: personId } = (await personRow(person))!;
    await insertDesigns(person, personId, DESIGNS);

    expect((await eraseUser(testKey, person.userId)).status).toBe(202);
    await waitFor('the erasure to be under way', async () => (await countRows('Design', personId)) < DESIGNS);
    await killService('erasure');

    expect(await countRows('Design', personId)).toBeGreaterThan(0);
    expect((await personRow(person))?.state).toBe('erasing');
    expect(await userErasedEvents(person)).toEqual([]);
    // While no erasure process answers, asking again is refused as briefly unavailable; the person stays refused.
    expectError(await eraseUser(testKey, person.userId), 503, 'service_unavailable');
    const token = await call('POST', '/embed/v1/tokens', { bearer: testKey, body: { user: { id: person.userId }, origin: EDITOR_SITE } });
    expectError(token, 409, 'user_erased');

    startService('erasure');
    // The killed worker's job lock has to expire first (lockDuration), then the stalled check hands the job on.
    await waitUntilErased(person, 100_000);
    expect(await countRows('Design', personId)).toBe(0);
    expect(await countRows('OutboxEvent', personId)).toBe(0);
    expect(await userErasedEvents(person)).toHaveLength(1);
  }, 150_000);
});
