// @lane shared
// Every subject of the registry (libs/contracts/src/messages.ts), asked over the real NATS
// with payloads its schema refuses: each running service answers the one refusal shape
// (400 request_invalid naming the field), which is also its reply schema's refusal.
import { type ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { firstValueFrom, timeout } from 'rxjs';
import { MESSAGES, RefusalSchema, SUBJECTS } from '@embed/contracts';
import { stackEnv } from './support/stack';

const ajv = addFormats(new Ajv2020({ strict: false }));
const isRefusal = ajv.compile(RefusalSchema);

let client: ClientProxy;
beforeAll(() => (client = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: stackEnv().NATS_URL } })));
afterAll(() => client.close());

const ask = (subject: string, payload: unknown) => firstValueFrom(client.send(subject, payload).pipe(timeout(15_000)));

/** Payloads no subject takes: a field none has, and a payload that is no object at all. */
const REFUSED = [
  { payload: { notAField: 1 }, names: /^[\w.]+ (must|is required)/ },
  { payload: 'a string', names: /^payload must be object$/ },
];

describe.each(SUBJECTS)('%s', (subject) => {
  it.each(REFUSED)('refuses $payload with the common error shape, before any handler', async ({ payload, names }) => {
    const reply = await ask(subject, payload);
    expect(reply).toEqual({ ok: false, error: { status: 400, code: 'request_invalid', message: expect.stringMatching(names) } });
    expect(isRefusal(reply)).toBe(true);
    expect(ajv.validate(MESSAGES[subject].reply, reply)).toBe(true);
  });
});
