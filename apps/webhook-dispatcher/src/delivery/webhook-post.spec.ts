import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookRule } from '@embed/egress-guard';
import { postWebhook } from './webhook-post';

const options = (allowPrivate: boolean, timeoutMs = 1_000) => ({ signature: 't=1,v1=x', timeoutMs, rule: webhookRule(allowPrivate) });

/** A loopback server doing `answer` with each request, for as long as the test needs it. */
async function serve(answer: (res: http.ServerResponse) => void): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => req.resume().on('end', () => answer(res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { url, close };
}

describe('postWebhook says why an attempt got no answer', () => {
  it('an answer has no failure, whatever its status', async () => {
    const receiver = await serve((res) => res.writeHead(500).end());
    expect(await postWebhook(receiver.url, '{}', options(true))).toMatchObject({ statusCode: 500, failure: null });
    await receiver.close();
  });

  it('timeout: the receiver took the request and never answered', async () => {
    const receiver = await serve(() => undefined);
    expect(await postWebhook(receiver.url, '{}', options(true, 200))).toMatchObject({ statusCode: null, failure: 'timeout' });
    await receiver.close();
  });

  it('refused: nothing listens there any more', async () => {
    const receiver = await serve((res) => res.end());
    await receiver.close();
    expect(await postWebhook(receiver.url, '{}', options(true))).toMatchObject({ statusCode: null, failure: 'refused' });
  });

  it('refused at every address of a name: the error names each one', async () => {
    const receiver = await serve((res) => res.end());
    await receiver.close();
    const { port } = new URL(receiver.url);
    // localhost resolves to 127.0.0.1 and ::1, and Node tries both.
    expect(await postWebhook(`http://localhost:${port}/hook`, '{}', options(true))).toMatchObject({ statusCode: null, failure: 'refused', error: expect.stringContaining(`ECONNREFUSED 127.0.0.1:${port}`) });
  });

  it('blocked: the safety rule refuses a private address before any connection', async () => {
    expect(await postWebhook('https://127.0.0.1:9/hook', '{}', options(false))).toMatchObject({ statusCode: null, failure: 'blocked' });
  });

  it('blocked: a name that resolves to a private address is refused at the lookup', async () => {
    expect(await postWebhook('https://localhost:9/hook', '{}', options(false))).toMatchObject({ statusCode: null, failure: 'blocked' });
  });
});
