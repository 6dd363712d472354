import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PUBLIC_WEB } from './egress-rule';
import { EgressRefusedError, guardedLookup, targetProblem } from './guarded-lookup';

describe('guardedLookup', () => {
  let server: Server;
  let port = 0;
  let hits = 0;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      hits++;
      response.end('reached');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const fetchThrough = (lookup: ReturnType<typeof guardedLookup>) =>
    new Promise<string>((resolve, reject) => {
      get({ host: 'localhost', port, path: '/', lookup, family: 4 }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk)).on('end', () => resolve(body));
      }).on('error', reject);
    });

  it('refuses a name that resolves to loopback before any connection', async () => {
    const before = hits;
    const refusal = fetchThrough(guardedLookup(PUBLIC_WEB));
    await expect(refusal).rejects.toBeInstanceOf(EgressRefusedError);
    await expect(refusal).rejects.toThrow(/^localhost resolves to 127\.0\.0\.1, which is not a public address$/);
    expect(hits).toBe(before);
  });

  it('connects where the rule allows private hosts (local stacks and tests)', async () => {
    await expect(fetchThrough(guardedLookup({ allowPrivate: true, httpsOnly: false }))).resolves.toBe('reached');
  });
});

describe('targetProblem', () => {
  const webhooks = { allowPrivate: false, httpsOnly: true };

  it('resolves the host of a target now and refuses a private one', async () => {
    await expect(targetProblem(new URL('https://localhost/in'), webhooks)).resolves.toMatch(/^localhost resolves to (127\.0\.0\.1|::1), which is not a public address$/);
    await expect(targetProblem(new URL('https://[fd00::1]/in'), webhooks)).resolves.toBe('fd00::1 is not a public address');
    await expect(targetProblem(new URL('http://localhost/in'), webhooks)).resolves.toBe('must use https, not http:');
    await expect(targetProblem(new URL('https://no-such-host.invalid/in'), webhooks)).resolves.toBe('no-such-host.invalid could not be resolved');
  });

  it('takes any host where the rule allows private ones', async () => {
    await expect(targetProblem(new URL('http://localhost:4000/in'), { allowPrivate: true, httpsOnly: false })).resolves.toBeNull();
  });
});
