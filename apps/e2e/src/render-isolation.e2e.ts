// @lane alone: restarts the renderer with its own limits, and compares times, which work beside it would blur.
// One project's costly render must not hold up another project's work (docs/server-api.md,
// "Exports and rendering"): layout and merge run on the renderer's worker threads, each
// render within a time limit, and a render past it is stopped and answered 422
// design_too_complex on every path that renders, never a 503 to retry.
//
// Why this file restarts the renderer with a low limit: once every pattern of the renderer
// is linear, no valid design should take the default 5 s, so no input can be counted on to
// pass that limit for ever. The guard is a backstop, and it is tested as one: the stack's
// renderer runs this file with RENDER_TIME_LIMIT_MS at 500 ms and two render workers, and
// the costly design is a valid one at the schema's limits whose render takes seconds for
// its size alone (costlyDesign), which stays far past 500 ms however each step is made
// faster. The renderer is restored as the stack had it afterwards.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type ApiAnswer, call, editorSession, exampleDesign, expectError, newProject, saveDesign } from './support/api';
import { costlyDesign } from './support/hostile-designs';
import { isAlive, pidOf, restartServices, sleep } from './support/stack';

jest.setTimeout(180_000);

const LIMIT_MS = 500;
const PERSON = 'isolation-person';
const NEWSLETTER_MJML = readFileSync(path.join(__dirname, '../../../libs/design-import/src/fixtures/newsletter.mjml'), 'utf8');

const timed = async (work: () => Promise<ApiAnswer>) => {
  const started = Date.now();
  const answer = await work();
  return { answer, ms: Date.now() - started };
};

describe('a costly render', () => {
  beforeAll(() => restartServices(['renderer'], { RENDER_TIME_LIMIT_MS: String(LIMIT_MS), RENDER_WORKERS: '2' }));
  afterAll(() => restartServices(['renderer']));

  it('is answered 422 design_too_complex on every path that renders, the saved design included', async () => {
    const { testKey } = newProject('email');
    const doc = costlyDesign();
    const { editor } = await editorSession(testKey, PERSON);
    // Saving does not render: the design is valid and is kept.
    const saved = await saveDesign(testKey, PERSON, 'Costly', doc);
    const answers: Record<string, ApiAnswer> = {
      'server render': await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc, merge: { contact: { id: '42' } } } }),
      'editor preview': await editor('POST', '/render', { body: { doc } }),
      'editor export as text': await editor('POST', `/designs/${saved.id}/export`, { body: { format: 'text' } }),
    };
    for (const format of ['html', 'pdf', 'png', 'zip'])
      answers[`server export as ${format}`] = await call('POST', `/embed/v1/designs/${saved.id}/export`, { bearer: testKey, body: { user: { id: PERSON }, format } });
    for (const [path, answer] of Object.entries(answers)) {
      expect({ path, status: answer.status, code: answer.body?.code }).toEqual({ path, status: 422, code: 'design_too_complex' });
      expectError(answer, 422, 'design_too_complex');
      expect(answer.body.error).toMatch(`this design is too complex to render within the limits: its render ran past the ${LIMIT_MS} ms`);
    }
  });

  it('leaves another project’s render, PDF export and save unhindered while it runs', async () => {
    const other = newProject('email').testKey;
    const { editor } = await editorSession(other, PERSON);
    const design = await saveDesign(other, PERSON, 'Spring');
    let revision = design.revision as number;
    const work = {
      render: () => call('POST', '/embed/v1/render', { bearer: other, body: { doc: exampleDesign('email'), merge: { contact: { first_name: 'Ada' } } } }),
      'PDF export': () => call('POST', `/embed/v1/designs/${design.id}/export`, { bearer: other, body: { user: { id: PERSON }, format: 'pdf' } }),
      save: async () => {
        const answer = await editor('PUT', `/designs/${design.id}`, { body: { doc: exampleDesign('email'), baseRevision: revision } });
        revision = answer.body?.revision ?? revision;
        return answer;
      },
    };
    const runAll = async (whileCostly?: { answered: boolean }) => {
      const times: Record<string, { ms: number; afterCostly?: boolean }> = {};
      for (const [name, request] of Object.entries(work)) {
        const { answer, ms } = await timed(request);
        expect({ name, status: answer.status }).toEqual({ name, status: 200 });
        times[name] = { ms, afterCostly: whileCostly?.answered };
      }
      return times;
    };
    // Usual times: the best of three quiet runs (the first warms the browser, the workers and the caches).
    const usual: Record<string, number> = {};
    for (let i = 0; i < 3; i++) for (const [name, { ms }] of Object.entries(await runAll())) usual[name] = Math.min(usual[name] ?? Infinity, ms);

    const hostileKey = newProject('email').testKey;
    const costly = { answered: false };
    const hostile = timed(() => call('POST', '/embed/v1/render', { bearer: hostileKey, body: { doc: costlyDesign('Costly'), merge: { contact: { id: '42' } } } })).then((answered) => {
      costly.answered = true;
      return answered;
    });
    // Long enough for 900 KB to reach the renderer and its render to start on a worker.
    await sleep(200);
    const beside = await runAll(costly);
    const { answer, ms } = await hostile;
    console.log(`usual times ${JSON.stringify(usual)}; beside the costly render ${JSON.stringify(beside)}; the costly render ${answer.status} in ${ms} ms`);

    expectError(answer, 422, 'design_too_complex');
    // The other project's render did not wait for the costly one: it was answered while the costly one still ran.
    expect(beside['render'].afterCostly).toBe(false);
    // Its PDF export and save kept their usual times (a second of slack for this busy machine).
    for (const [name, { ms: took }] of Object.entries(beside)) expect({ name, usual: took <= usual[name] + 1_000 }).toEqual({ name, usual: true });
    expect(isAlive(pidOf('renderer'))).toBe(true);
  });

  // Issue 28: the render workers took renders first come, first served, so a project that
  // sent more costly renders than there are workers held every other project's render,
  // preview, import and export until its stream had drained (each render stopped at the
  // limit, each costing a worker restart). They now take waiting jobs from each project in turn.
  it('lets another project’s render, preview, import and PDF export through while one project streams costly renders', async () => {
    const other = newProject('email').testKey;
    const { editor } = await editorSession(other, PERSON);
    const design = await saveDesign(other, PERSON, 'Autumn');
    const work: Record<string, () => Promise<ApiAnswer>> = {
      render: () => call('POST', '/embed/v1/render', { bearer: other, body: { doc: exampleDesign('email'), merge: { contact: { first_name: 'Ada' } } } }),
      preview: () => editor('POST', '/render', { body: { doc: exampleDesign('email') } }),
      import: () => call('POST', '/embed/v1/imports', { bearer: other, body: { format: 'mjml', source: NEWSLETTER_MJML } }),
      'PDF export': () => call('POST', `/embed/v1/designs/${design.id}/export`, { bearer: other, body: { user: { id: PERSON }, format: 'pdf' } }),
    };
    // All four at once, as alone as beside the stream; each must answer 200.
    const runAll = async () => {
      const timings = await Promise.all(Object.entries(work).map(async ([name, request]) => ({ name, ...(await timed(request)), at: Date.now() })));
      for (const { name, answer } of timings) expect({ name, status: answer.status }).toEqual({ name, status: 200 });
      return timings;
    };
    // Usual times: the best of three quiet runs (the first warms the browser, the workers and the caches).
    const usual: Record<string, number> = {};
    for (let i = 0; i < 3; i++) for (const { name, ms } of await runAll()) usual[name] = Math.min(usual[name] ?? Infinity, ms);

    // Six times as many costly renders as there are workers, sent at once: first come, first
    // served, they would hold both workers for six rounds of the limit and a restart each.
    const hostileKey = newProject('email').testKey;
    const streamStarted = Date.now();
    const stream = Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        timed(() => call('POST', '/embed/v1/render', { bearer: hostileKey, body: { doc: costlyDesign(`Costly ${n}`), merge: { contact: { id: '42' } } } })),
      ),
    );
    // Long enough for the stream to reach the renderer and take both workers.
    await sleep(1_000);
    const beside = await runAll();
    const costly = await stream;
    const streamEnded = streamStarted + Math.max(...costly.map(({ ms }) => ms));
    const streamMs = streamEnded - streamStarted;
    console.log(
      `usual ${JSON.stringify(usual)}; beside the stream ${JSON.stringify(Object.fromEntries(beside.map(({ name, ms }) => [name, ms])))}; ` +
        `the stream of ${costly.length} took ${streamMs} ms: ${costly.map(({ answer }) => answer.status).join(' ')}`,
    );

    // Each render of the stream is stopped at the limit, or (its turn past the request's deadline) never started.
    for (const { answer } of costly) expect([422, 503]).toContain(answer.status);
    expect(costly.filter(({ answer }) => answer.body?.code === 'design_too_complex').length).toBeGreaterThanOrEqual(4);
    const costlyEnded = costly.map(({ ms }) => streamStarted + ms);
    for (const { name, ms, at } of beside) {
      // Held back by the renders running when it came, not by those waiting: first come, first served, it waited for all of them.
      const passedIt = costlyEnded.filter((ended) => ended > at - ms && ended < at).length;
      expect({ name, costlyRendersAnsweredWhileItWaited: passedIt <= 4 }).toEqual({ name, costlyRendersAnsweredWhileItWaited: true });
      // Answered while the stream still ran, not after it drained...
      expect({ name, beforeTheStreamEnded: at < streamEnded }).toEqual({ name, beforeTheStreamEnded: true });
      // ...and held back by a few of its renders at most: its wait beyond the usual time is a small part of the stream's.
      expect({ name, waitedPartOfStream: (ms - usual[name]) / streamMs < 0.5 }).toEqual({ name, waitedPartOfStream: true });
    }
    expect(isAlive(pidOf('renderer'))).toBe(true);
  });
});
