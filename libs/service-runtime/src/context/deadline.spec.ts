import { lastValueFrom } from 'rxjs';
import { assertBeforeDeadline as assertBefore, DeadlinePassedError } from '@embed/contracts';
import { deadlineSignal, timeLeftMs } from './deadline';
import { DeadlinePassedFilter, refusingLateMessages } from './late-messages';
import { natsHeadersOf, requestContextOf } from './nats-headers';
import { currentRequestContext, runInRequestContext } from './hops';

/** The check a write makes just before it commits, with the deadline of the request it is made in. */
const assertBeforeDeadline = (what: string) => assertBefore(currentRequestContext()?.deadline, what);

const within = <T>(deadline: number | undefined, work: () => T) => runInRequestContext({ requestId: 'req_1', ...(deadline === undefined ? {} : { deadline }) }, work);

describe('a request deadline', () => {
  it('travels in NATS headers as absolute epoch milliseconds', () => {
    const deadline = Date.now() + 5_000;
    expect(requestContextOf(natsHeadersOf({ requestId: 'req_1', deadline })).deadline).toBe(deadline);
  });

  it('is absent, not invented, when a message carries none or a malformed one', () => {
    expect(requestContextOf(natsHeadersOf({ requestId: 'req_1' })).deadline).toBeUndefined();
    const headers = natsHeadersOf({ requestId: 'req_1' });
    headers.set('deadline', 'soon');
    expect(requestContextOf(headers).deadline).toBeUndefined();
  });

  it('lets a write commit before it and refuses it after', () => {
    expect(() => within(Date.now() + 60_000, () => assertBeforeDeadline('the design was saved'))).not.toThrow();
    expect(() => within(Date.now() - 1, () => assertBeforeDeadline('the design was saved'))).toThrow(DeadlinePassedError);
    expect(() => within(Date.now() - 1, () => assertBeforeDeadline('the design was saved'))).toThrow("the request's deadline passed before the design was saved");
  });

  it('never refuses work that has no deadline (a queued job)', () => {
    expect(within(undefined, timeLeftMs)).toBeUndefined();
    expect(() => within(undefined, () => assertBeforeDeadline('x'))).not.toThrow();
    expect(within(undefined, deadlineSignal).aborted).toBe(false);
  });

  it('aborts a signal at the deadline', async () => {
    const signal = within(Date.now() + 20, deadlineSignal);
    expect(signal.aborted).toBe(false);
    await new Promise((resolve) => signal.addEventListener('abort', resolve));
    expect(signal.aborted).toBe(true);
  });
});

describe('a late message', () => {
  const counting = () => {
    let calls = 0;
    const handler = async () => ((calls += 1), { ok: true });
    return { handler: refusingLateMessages(handler), calls: () => calls };
  };

  it('is refused without being handled when it arrives after its deadline', async () => {
    const { handler, calls } = counting();
    const reply = await within(Date.now() - 5, () => handler({}));
    expect(calls()).toBe(0);
    expect(reply).toMatchObject({ ok: false, error: { status: 503, code: 'service_unavailable', message: expect.stringContaining('before it was handled') } });
  });

  it('is handled, its reply handed on, when it arrives in time or carries no deadline', async () => {
    const { handler, calls } = counting();
    await expect(within(Date.now() + 60_000, () => handler({}))).resolves.toEqual({ ok: true });
    await expect(within(undefined, () => handler({}))).resolves.toEqual({ ok: true });
    expect(calls()).toBe(2);
  });

  it('answers 503 for a write refused past the deadline', async () => {
    const reply = await lastValueFrom(new DeadlinePassedFilter().catch(new DeadlinePassedError('the export was recorded')));
    expect(reply).toMatchObject({ ok: false, error: { status: 503, code: 'service_unavailable', message: expect.stringContaining('nothing was changed') } });
  });
});
