// @lane shared
import { call, expectError, newProject } from './support/api';

describe('HTTP rules of the gateway', () => {
  const { testKey } = newProject('email');

  it('answers malformed JSON, a wrong content type, a missing body and an oversized body in the error shape', async () => {
    expectError(await call('POST', '/embed/v1/render', { bearer: testKey, rawBody: '{"doc":', headers: { 'content-type': 'application/json' } }), 400, 'request_invalid');
    expectError(await call('POST', '/embed/v1/render', { bearer: testKey, rawBody: 'doc=1', headers: { 'content-type': 'text/plain' } }), 415, 'request_invalid');
    expectError(await call('POST', '/embed/v1/render', { bearer: testKey, rawBody: 'doc=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415, 'request_invalid');
    const missing = expectError(await call('POST', '/embed/v1/render', { bearer: testKey }), 400, 'request_invalid');
    expect(missing.body.error).toMatch(/JSON object/);
    const big = JSON.stringify({ doc: { pad: 'x'.repeat(2 * 1024 * 1024) } });
    expectError(await call('POST', '/embed/v1/render', { bearer: testKey, rawBody: big, headers: { 'content-type': 'application/json' } }), 413, 'request_invalid');
  });

  it('answers a known path with the wrong method 405 naming the allowed ones', async () => {
    const answer = expectError(await call('DELETE', '/embed/v1/tokens', { bearer: testKey }), 405, 'method_not_allowed');
    expect(answer.headers.get('allow')).toBe('POST');
    expectError(await call('PUT', '/embed/v1/users/u1/designs', { bearer: testKey }), 405, 'method_not_allowed');
  });

  it('answers no CORS on the server API, and refuses a preflight', async () => {
    const origin = 'https://app.integrator.example';
    const preflight = await call('OPTIONS', '/embed/v1/tokens', { headers: { origin, 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBeGreaterThanOrEqual(400);
    const answers = [preflight, await call('POST', '/embed/v1/render', { bearer: testKey, body: {}, headers: { origin } }), await call('GET', '/embed/v1/x', { headers: { origin } })];
    for (const answer of answers) {
      expect([...answer.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
  });

  it('puts a request id in the header of every answer, errors included', async () => {
    for (const answer of [await call('GET', '/healthz'), await call('POST', '/embed/v1/render', { body: {} }), await call('GET', '/nope')]) {
      expect(answer.headers.get('request-id')).toMatch(/^req_[0-9a-z]{26}$/);
    }
  });
});
