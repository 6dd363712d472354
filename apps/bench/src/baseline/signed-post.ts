// The signed POST both webhook baselines make: the envelope's body, signed at sending time
// (libs/webhook-signing) as the dispatcher signs it, over kept-alive connections.
import http from 'node:http';
import { signatureHeader } from '@embed/webhook-signing';

/** One webhook to send: where, the exact body, and the secret to sign it with. */
export interface Envelope {
  url: string;
  body: string;
  secret: string;
}

const agent = new http.Agent({ keepAlive: true });

/** POSTs the envelope signed now; answers the receiver's status code. */
export function signedPost({ url, body, secret }: Envelope): Promise<number> {
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
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end(body);
  });
}
