// The baseline of the webhook benchmark: what a competent engineer would write instead of
// a dispatcher, a plain loop in a process of its own that signs each envelope at sending
// time (libs/webhook-signing) and POSTs it over kept-alive connections, a fixed number in
// flight. It keeps nothing: no database, no queue, no retries.
import http from 'node:http';
import { signatureHeader } from '@embed/webhook-signing';
import { answerRequests } from './helper-process';

/** One webhook to send: where, the exact body, and the secret to sign it with. */
export interface Envelope {
  url: string;
  body: string;
  secret: string;
}

/** `load` hands over the envelopes before the clock starts; `send` POSTs them all and answers when the last answer came. */
export type SenderRequest = { kind: 'load'; envelopes: Envelope[] } | { kind: 'send'; concurrency: number };

const agent = new http.Agent({ keepAlive: true });

function post({ url, body, secret }: Envelope): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'service-signature': signatureHeader(body, [secret], Date.now() / 1000),
      },
    });
    request.on('response', (response) => {
      response.resume();
      if (response.statusCode === 200) resolve();
      else reject(new Error(`the receiver answered ${response.statusCode}`));
    });
    request.on('error', reject);
    request.end(body);
  });
}

let loaded: Envelope[] = [];

async function sendAll(concurrency: number): Promise<void> {
  const envelopes = loaded;
  let next = 0;
  const loop = async () => {
    while (next < envelopes.length) await post(envelopes[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, envelopes.length) }, loop));
}

answerRequests(async (request) => {
  const asked = request as SenderRequest;
  if (asked.kind === 'load') loaded = asked.envelopes;
  else await sendAll(asked.concurrency);
  return {};
});
