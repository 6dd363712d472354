import { EmbedClient } from '@embed/node-client';
import { answer, type DemoSite } from './demo-server';

// Routes that never reach the service; the token and list routes are proven against the real stack (apps/e2e).
const site: DemoSite = {
  client: new EmbedClient({ secretKey: 'sk_test_unused', baseUrl: 'http://127.0.0.1:9' }),
  userId: 'demo-person',
  origin: 'http://localhost:8080',
  page: { html: '<!doctype html>', policy: "default-src 'self'" },
  files: { '/demo.js': { type: 'text/javascript; charset=utf-8', body: Buffer.from('void 0') } },
};

describe('the demo server', () => {
  it('serves its page under its policy, uncached', async () => {
    const page = await answer(site, 'GET', '/');
    expect(page).toMatchObject({ status: 200, body: '<!doctype html>' });
    expect(page.headers).toMatchObject({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', 'content-security-policy': "default-src 'self'" });
    expect((await answer(site, 'GET', '/demo.js')).headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('answers an unknown address 404 and a wrong method 405', async () => {
    expect((await answer(site, 'GET', '/nothing')).status).toBe(404);
    expect((await answer(site, 'POST', '/')).status).toBe(405);
    expect((await answer(site, 'GET', '/my-editor-token')).status).toBe(405);
    expect((await answer(site, 'DELETE', '/my-designs')).status).toBe(405);
  });
});
