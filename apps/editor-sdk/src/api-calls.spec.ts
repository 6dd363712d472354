import type { ApiRequest } from '@embed/editor-protocol';
import { callApi, READ_RETRY_DELAYS_MS } from './api-calls';
import { TokenKeeper } from './tokens';

const baseUrl = 'https://editor.example';

/**
 * The browser's fetch, answering each request with the next of `statuses` (the last one
 * from then on) in the API's error shape; `asked` notes each request's method, URL and token.
 */
function serviceAnswering(statuses: number[]): { asked: string[] } {
  const asked: string[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    asked.push(`${init?.method} ${url} ${new Headers(init?.headers).get('authorization')}`);
    const status = statuses[Math.min(asked.length, statuses.length) - 1];
    const code = status === 503 ? 'service_unavailable' : status === 401 ? 'token_invalid' : undefined;
    return new Response(JSON.stringify(code ? { code, error: code } : { id: 'ok' }), { status, headers: { 'content-type': 'application/json' } });
  });
  return { asked };
}

const tokens = () => {
  let minted = 0;
  return new TokenKeeper(async () => ({ token: `t${++minted}`, expiresAt: new Date(Date.now() + 600_000).toISOString() }));
};
const getDesign: ApiRequest = { op: 'getDesign', designId: '01JBZ7Q3W4X5Y6Z7A8B9C0D1E2' };
const saveDesign: ApiRequest = { op: 'saveDesign', designId: '01JBZ7Q3W4X5Y6Z7A8B9C0D1E2', body: { doc: {} } };

/** The call's answer once every retry's wait has passed (on fake timers: the tests take no time). */
async function answerOf(request: ApiRequest) {
  const answer = callApi(baseUrl, tokens(), request);
  await jest.advanceTimersByTimeAsync(READ_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0));
  return answer;
}

describe('callApi', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('asks again for a read the service answered 503, and gives the answer that came', async () => {
    const service = serviceAnswering([503, 503, 200]);
    const response = await answerOf(getDesign);
    expect(response).toMatchObject({ status: 200, body: { id: 'ok' } });
    expect(service.asked).toEqual(Array(3).fill(`GET ${baseUrl}/editor/v1/designs/01JBZ7Q3W4X5Y6Z7A8B9C0D1E2 Bearer t1`));
  });

  it('gives the 503 of a read still unavailable after its retries', async () => {
    const service = serviceAnswering([503]);
    await expect(answerOf(getDesign)).resolves.toMatchObject({ status: 503, body: { code: 'service_unavailable' } });
    expect(service.asked).toHaveLength(3);
  });

  it('does not send a save again on 503: the editor’s saving decides', async () => {
    const service = serviceAnswering([503, 200]);
    await expect(answerOf(saveDesign)).resolves.toMatchObject({ status: 503 });
    expect(service.asked).toEqual([`PUT ${baseUrl}/editor/v1/designs/01JBZ7Q3W4X5Y6Z7A8B9C0D1E2 Bearer t1`]);
  });

  it('asks once more with a new token after a 401 token_invalid', async () => {
    const service = serviceAnswering([401, 200]);
    await expect(answerOf(saveDesign)).resolves.toMatchObject({ status: 200 });
    expect(service.asked.map((line) => line.split(' ').at(-1))).toEqual(['t1', 't2']);
  });
});
