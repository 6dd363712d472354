import { baseUrl } from './support/stack';

describe('error answers', () => {
  it('answers an unknown route with 404 in the error shape, its request id in body and header', async () => {
    const response = await fetch(`${baseUrl()}/embed/v1/nothing-here`);
    expect(response.status).toBe(404);
    const body: any = await response.json();
    expect(body).toEqual({ error: expect.any(String), code: 'not_found', requestId: expect.stringMatching(/^req_[0-9a-z]{26}$/) });
    expect(response.headers.get('request-id')).toBe(body.requestId);
  });

  it('gives every answer its own request id and never takes one from the caller', async () => {
    const first = await fetch(`${baseUrl()}/healthz`, { headers: { 'request-id': 'chosen-by-caller' } });
    const second = await fetch(`${baseUrl()}/healthz`);
    expect(first.headers.get('request-id')).toMatch(/^req_/);
    expect(first.headers.get('request-id')).not.toBe(second.headers.get('request-id'));
  });
});
