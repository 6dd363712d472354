// @lane serial: pauses the designs service.
import { readFileSync } from 'node:fs';
import { DESIGNS_SUBJECTS } from '@embed/contracts';
import { call, expectError, newProject, saveDesign, type TestProject } from './support/api';
import { query } from './support/database';
import { logFileOf, pauseService, waitFor, waitUntilReady } from './support/stack';

// An export's budget is 15 s: the paused service is held past it, then runs again.
jest.setTimeout(120_000);

/** Whether `service` has logged handling a message of `subject` for the gateway's request `requestId`. */
const handled = (service: string, subject: string, requestId: string) =>
  readFileSync(logFileOf(service), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .some((line) => {
      const entry = JSON.parse(line);
      return entry.requestId === requestId && entry.subject === subject && entry.msg === 'message handled';
    });

/** Runs `request` while the designs service is frozen, and lets it run again once the gateway has answered. */
async function whileDesignsPaused<T>(request: () => Promise<T>): Promise<T> {
  const resume = pauseService('designs');
  try {
    return await request();
  } finally {
    resume();
  }
}

describe('a service held past the gateway’s deadline', () => {
  let project: TestProject;
  beforeAll(() => {
    project = newProject('email');
  });
  afterEach(waitUntilReady);

  it('answers 503 for an export, and the export the service then reads late is not recorded', async () => {
    const design = await saveDesign(project.testKey, 'person-late-export');
    const answer = await whileDesignsPaused(() => call('POST', `/embed/v1/designs/${design.id}/export`, { bearer: project.testKey, body: { user: { id: 'person-late-export' } } }));
    expectError(answer, 503, 'service_unavailable');
    const requestId = answer.headers.get('request-id') as string;
    // The request waited in the paused service's connection: it reads it now, past its deadline.
    await waitFor('the designs service to read the late export', async () => handled('designs', DESIGNS_SUBJECTS.export, requestId), 30_000);
    expect(await query('SELECT id FROM "ExportRecord" WHERE "designId" = $1', [design.id])).toEqual([]);
    expect(await query(`SELECT id FROM "OutboxEvent" WHERE "designId" = $1 AND type = 'export.created'`, [design.id])).toEqual([]);
  });

  it('answers 503 for a token, and neither the token nor the person is stored afterwards', async () => {
    const userId = 'person-late-token';
    const answer = await whileDesignsPaused(() => call('POST', '/embed/v1/tokens', { bearer: project.testKey, body: { user: { id: userId }, origin: 'https://app.integrator.example' } }));
    expectError(answer, 503, 'service_unavailable');
    const requestId = answer.headers.get('request-id') as string;
    await waitFor('the designs service to read the late token request', async () => handled('designs', DESIGNS_SUBJECTS.mintToken, requestId), 30_000);
    expect(await query('SELECT id FROM "Person" WHERE "projectId" = $1 AND "externalId" = $2', [project.projectId, userId])).toEqual([]);
  });
});
