// @lane shared
import { fork } from 'node:child_process';
import { randomInt } from 'node:crypto';
import path from 'node:path';
import fc from 'fast-check';
import { OPERATION_BUDGETS_MS } from '@embed/contracts';
import { call, checkedAnswer, newProject } from './support/api';
import { fuzzContext } from './support/fuzz-context';
import { costlyDesign, patternHostileDesigns } from './support/hostile-designs';
import { type FuzzRequest, fuzzRequest, operationsOf } from './support/fuzz-requests';
import { openApiContract, type OpenApiContract } from './support/openapi-contract';
import { type RawOutcome, requestBytes, sendRaw } from './support/raw-http';
import { baseUrl, isAlive, pidOf, serviceNames, sleep, testPorts, waitUntilReady } from './support/stack';

/** FUZZ_SEED replays a run; FUZZ_RUNS and FUZZ_TIME_MS bound it (whichever comes first). */
const SEED = process.env['FUZZ_SEED'] ? Number(process.env['FUZZ_SEED']) : randomInt(2 ** 31 - 1);
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 1_500);
const TIME_MS = Number(process.env['FUZZ_TIME_MS'] ?? 40_000);
/** Requests are generated in batches (each from its own seed, SEED + batch number) and sent a few at a time. */
const BATCH = 50;
const IN_FLIGHT = 4;
/** The pause after each hostile render: within the key's 120 renders a minute, so that each is rendered, not refused 429. */
const RENDER_PAUSE_MS = 500;

/** The gateway's limit on a JSON body (docs/server-api.md). */
const BODY_LIMIT_BYTES = 1024 * 1024;
/** Node's limit on a request's line and headers together (--max-http-header-size). */
const MAX_HEAD_BYTES = 16 * 1024;
const headLength = (request: FuzzRequest) => requestBytes({ ...request, body: undefined }).length;

/** Why this answer breaks the rules every answer keeps, or null. */
function verdict(request: FuzzRequest, outcome: RawOutcome, contract: OpenApiContract, codes: string[]): string | null {
  // A body past the limit may be refused while it is still being sent, and the connection
  // closed under it: a client that writes it all first may then read no answer (HTTP allows it).
  if ('failure' in outcome) return (request.body?.length ?? 0) > BODY_LIMIT_BYTES && /closed/.test(outcome.failure) ? null : outcome.failure;
  const { status, headers, text } = outcome.answer;
  if (status >= 500) return `answered ${status}: ${text.slice(0, 300)}`;
  if (/\n[ \t]+at [^\n]+:\d+:\d+/.test(text)) return `a stack trace in the answer: ${text.slice(0, 300)}`;
  const requestId = headers.get('request-id');
  if (!requestId) return `answered ${status} without a Request-Id header: ${text.slice(0, 300)}`;
  // An answer to HEAD has no body to judge.
  if (status >= 400 && request.method !== 'HEAD') {
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      return `answered ${status} with a body that is not JSON: ${text.slice(0, 300)}`;
    }
    if (typeof body?.error !== 'string' || !codes.includes(body.code)) return `answered ${status} outside the Error shape or with a code not ours: ${text.slice(0, 300)}`;
    if (body.requestId !== requestId) return `answered ${status} with requestId ${body.requestId} but Request-Id ${requestId}`;
  }
  // A request that is not valid HTTP (a request target neither a path nor an absolute URL,
  // `?x` or an empty one included), or whose head is past Node's 16 KiB, is refused before
  // any operation: only the shape above applies.
  if (request.malformedHttp || !/^(\/|[a-z]+:\/\/)/i.test(request.target)) return null;
  if (headLength(request) > MAX_HEAD_BYTES) return status === 431 ? null : `a request head of ${headLength(request)} bytes answered ${status}, not 431`;
  // The router reads the path of an absolute-form target, and no fragment.
  const path = request.target.replace(/^[a-z]+:\/\/[^/]*/i, '').split('#')[0];
  // The router refuses a parameter past its length limit before it looks for the method.
  if (status === 400 && /[^/?]{4097}/.test(path.split('?')[0])) return null;
  return contract.problem(request.method.toUpperCase(), path, { status, headers: new Headers([...headers]), text });
}


/**
 * A 503 says "briefly unavailable; nothing was changed" (a busy machine can answer it): it
 * stands only if the same request, sent again a moment later, is answered 503 again.
 */
async function sendTwiceOn503(request: FuzzRequest): Promise<RawOutcome> {
  const outcome = await sendRaw(testPorts.http, request);
  if (!('answer' in outcome) || outcome.answer.status !== 503) return outcome;
  await sleep(1_000);
  return sendRaw(testPorts.http, request);
}

/** What a hostile render was answered, as hostile-renders-process.mjs reports it. */
type HostileAnswer = { design: number; ms: number } & ({ status: number; headers: [string, string][]; text: string } | { failure: string });

/**
 * Hostile renders sent beside the fuzzed requests, one at a time, from a project of their
 * own, until `stop()`: designs that once froze the renderer (issue 28) and one costly for
 * its size alone. Each must be answered below 500 (a 503 is sent again a moment later, as
 * a fuzzed request is, and counts only if answered 503 again), in the error shape and the
 * contract when refused (422 design_too_complex past the render time limit), within the
 * render budget; and meanwhile the fuzzed requests, renders among them, are answered as
 * ever (a renderer they held up would answer those 503, which the fuzz reports). They are
 * sent and timed by a process of their own (see there why); `stop()` returns what broke
 * the rules.
 */
function hostileRendersBeside(): { stop: () => Promise<{ answered: string[]; problems: string[] }> } {
  const child = fork(path.join(__dirname, 'support', 'hostile-renders-process.mjs'), [], { stdio: 'inherit' });
  const answered = new Promise<HostileAnswer[]>((resolve, reject) => {
    child.on('message', (message: { kind: string; answers: HostileAnswer[] }) => message.kind === 'answers' && resolve(message.answers));
    child.once('exit', (code) => reject(new Error(`the hostile renders' process exited with ${code}`)));
  });
  const designs = [...patternHostileDesigns(), costlyDesign()];
  child.send({ kind: 'start', url: `${baseUrl()}/embed/v1/render`, key: newProject('email').testKey, designs, pauseMs: RENDER_PAUSE_MS });
  return {
    stop: async () => {
      child.send({ kind: 'stop' });
      const answers = await answered.finally(() => child.kill());
      const problems: string[] = [];
      for (const answer of answers) {
        if ('failure' in answer) {
          problems.push(`hostile render ${answer.design}: no answer after ${answer.ms} ms (${answer.failure})`);
          continue;
        }
        const what = `hostile render ${answer.design} (${answer.status} in ${answer.ms} ms)`;
        const { body } = await checkedAnswer('POST', '/embed/v1/render', { status: answer.status, headers: new Headers(answer.headers), text: answer.text });
        if (answer.status >= 500) problems.push(`${what}: ${answer.text.slice(0, 300)}`);
        else if (answer.status >= 400 && typeof body?.error !== 'string') problems.push(`${what} outside the Error shape: ${answer.text.slice(0, 300)}`);
        if (answer.ms > OPERATION_BUDGETS_MS.render + 1_000) problems.push(`${what}: slower than the render budget of ${OPERATION_BUDGETS_MS.render} ms`);
      }
      return { answered: answers.map((answer) => `${'status' in answer ? answer.status : 'none'} in ${answer.ms} ms`), problems };
    },
  };
}

function summarize(request: FuzzRequest): string {
  const body = request.body ? ` body ${JSON.stringify(request.body.toString('latin1').slice(0, 160))}${request.body.length > 160 ? ` (${request.body.length} bytes)` : ''}` : '';
  return `${request.operationId}: ${request.method} ${request.target.slice(0, 160)} [${request.changes.join('; ')}]${body}`;
}

describe('fuzzing every endpoint of both APIs with hostile requests', () => {
  it('answers every request below 500, in the error shape when refused, hostile renders beside them included, and stays healthy', async () => {
    const contract = await openApiContract();
    const document = contract.document;
    const operations = operationsOf(document);
    expect(operations.map(({ operationId }) => operationId)).toEqual(expect.arrayContaining(['createToken', 'createDesign', 'importDesign', 'renderDesign', 'createEditorDesign', 'uploadImage', 'createTemplate', 'replaceTemplate', 'deleteTemplate', 'putBrandKit', 'uploadProjectImage', 'deleteProjectImage', 'listEditorImages', 'deleteEditorImage', 'createRow', 'replaceRow', 'createEditorRow', 'renameEditorRow']));
    const codes: string[] = document.components.schemas.Error.properties.code.enum;
    const context = await fuzzContext(document.components.schemas);
    const arbitrary = fuzzRequest(operations, context);

    console.log(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED}); up to ${RUNS} requests or ${TIME_MS} ms over ${operations.length} operations`);
    const started = Date.now();
    const findings = new Map<string, { count: number; example: string }>();
    const found = (request: FuzzRequest, problem: string) => {
      // One line per kind of wrong answer (ids and numbers left out), with its first example.
      const kind = problem.replace(/req_[0-9a-z]+|\d+/g, '#').slice(0, 90);
      const entry = findings.get(kind) ?? { count: 0, example: `${summarize(request)}\n    -> ${problem}` };
      findings.set(kind, { ...entry, count: entry.count + 1 });
    };
    const statuses = new Map<string, number>();
    let sent = 0;
    const hostile = hostileRendersBeside();
    for (let batch = 0; sent < RUNS && Date.now() - started < TIME_MS; batch++) {
      const requests = fc.sample(arbitrary, { seed: SEED + batch, numRuns: Math.min(BATCH, RUNS - sent) });
      for (let i = 0; i < requests.length; i += IN_FLIGHT) {
        await Promise.all(
          requests.slice(i, i + IN_FLIGHT).map(async (request) => {
            const outcome = await sendTwiceOn503(request);
            const status = 'answer' in outcome ? String(outcome.answer.status) : 'none';
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            const problem = verdict(request, outcome, contract, codes);
            if (problem) found(request, problem);
          }),
        );
      }
      sent += requests.length;
    }
    const beside = await hostile.stop();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`fuzz seed ${SEED}: ${sent} requests in ${seconds} s; answers by status ${JSON.stringify(Object.fromEntries([...statuses].sort()))}; ${[...findings.values()].reduce((sum, { count }) => sum + count, 0)} wrong answers of ${findings.size} kinds`);
    console.log(`beside them ${beside.answered.length} hostile renders, answered ${beside.answered.join(', ')}`);

    // The stack is healthy afterwards: every process alive, ready, and a normal request works.
    expect(serviceNames().filter((name) => !isAlive(pidOf(name)))).toEqual([]);
    await waitUntilReady();
    const list = await call('GET', '/embed/v1/users/fuzz-editor/designs', { bearer: context.credentials.secretKey, base: baseUrl() });
    expect(list.status).toBe(200);
    const report = [...[...findings.values()].map(({ count, example }) => `${count} x ${example}`), ...beside.problems];
    if (report.length > 0) throw new Error(`seed ${SEED} (replay with FUZZ_SEED=${SEED}): wrong answers of ${report.length} kinds:\n${report.join('\n')}`);
  }, 120_000);
});
