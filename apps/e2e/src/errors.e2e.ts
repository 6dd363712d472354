// @lane shared
import { call } from './support/api';

describe('error answers', () => {
  it('answers an unknown route with 404 in the error shape, its request id in body and header', async () => {
    const answer = await call('GET', '/embed/v1/nothing-here');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: expect.any(String), code: 'not_found', requestId: expect.stringMatching(/^req_[0-9a-z]{26}$/) });
    expect(answer.headers.get('request-id')).toBe(answer.body.requestId);
  });

  it('gives every answer its own request id and never takes one from the caller', async () => {
    const first = await call('GET', '/healthz', { headers: { 'request-id': 'chosen-by-caller' } });
    const second = await call('GET', '/healthz');
    expect(first.headers.get('request-id')).toMatch(/^req_/);
    expect(first.headers.get('request-id')).not.toBe(second.headers.get('request-id'));
  });
});
