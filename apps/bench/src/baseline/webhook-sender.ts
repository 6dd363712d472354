// The baseline of the webhook benchmark: what a competent engineer would write instead of
// a dispatcher, a plain loop in a process of its own that signs each envelope at sending
// time (libs/webhook-signing) and POSTs it over kept-alive connections, a fixed number in
// flight. It keeps nothing: no database, no queue, no retries.
import { type Envelope, signedPost } from './signed-post';
import { answerRequests } from './helper-process';

/** `load` hands over the envelopes before the clock starts; `send` POSTs them all and answers when the last answer came. */
export type SenderRequest = { kind: 'load'; envelopes: Envelope[] } | { kind: 'send'; concurrency: number };

/** One envelope sent; anything but a 200 fails the run, as a lost delivery would. */
async function post(envelope: Envelope): Promise<void> {
  const status = await signedPost(envelope);
  if (status !== 200) throw new Error(`the receiver answered ${status}`);
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
