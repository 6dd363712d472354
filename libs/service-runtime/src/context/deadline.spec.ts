import { lastValueFrom, type Observable, of, throwError } from 'rxjs';
import { assertBeforeDeadline as assertBefore, DeadlinePassedError } from '@embed/contracts';
import { deadlineSignal, timeLeftMs } from './deadline';
import { DeadlineInterceptor } from './deadline.interceptor';
import { natsHeadersOf, requestContextOf } from './nats-headers';
import { currentRequestContext, runInRequestContext } from './request-context';

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

describe('DeadlineInterceptor', () => {
  const interceptor = new DeadlineInterceptor();
  const handled = (reply: () => Observable<unknown>) => {
    let called = false;
    return { next: { handle: () => ((called = true), reply()) }, called: () => called };
  };

  it('refuses a message that arrives after its deadline without handling it', async () => {
    const handler = handled(() => of('done'));
    const reply = await within(Date.now() - 5, () => lastValueFrom(interceptor.intercept(undefined, handler.next)));
    expect(handler.called()).toBe(false);
    expect(reply).toMatchObject({ ok: false, error: { status: 503, code: 'service_unavailable' } });
  });

  it('answers 503 for a write refused past the deadline, and lets other failures through', async () => {
    const refused = handled(() => throwError(() => new DeadlinePassedError('the export was recorded')));
    const reply = await within(Date.now() + 60_000, () => lastValueFrom(interceptor.intercept(undefined, refused.next)));
    expect(reply).toMatchObject({ ok: false, error: { status: 503, message: expect.stringContaining('nothing was changed') } });
    const broken = handled(() => throwError(() => new Error('boom')));
    await expect(within(Date.now() + 60_000, () => lastValueFrom(interceptor.intercept(undefined, broken.next)))).rejects.toThrow('boom');
  });

  it('hands on the reply of a message handled in time', async () => {
    await expect(within(Date.now() + 60_000, () => lastValueFrom(interceptor.intercept(undefined, handled(() => of('done')).next)))).resolves.toBe('done');
  });
});
