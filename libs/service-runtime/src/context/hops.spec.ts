import { SpanKind } from '@opentelemetry/api';
import { natsHeadersOf, requestContextOf } from './nats-headers';
import { jobContext, runJob } from './jobs';
import { contextLogFields, currentRequestContext, httpRequestContext, openHop, runInRequestContext } from './hops';
import { readTrace } from './trace-context';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

describe('request context without a tracer', () => {
  it('gives each hop its own span in the caller’s trace', () => {
    const hop = openHop('designs.get.v1 request', SpanKind.CLIENT, 'req_1', { traceparent: TRACEPARENT, tracestate: 'a=1' });
    const span = readTrace(hop.context)!;
    expect(hop.context).toMatchObject({ requestId: 'req_1', tracestate: 'a=1' });
    expect(span.traceId).toBe(TRACE_ID);
    expect(span.spanId).not.toBe('00f067aa0ba902b7');
    hop.end();
  });

  it('starts a trace when the request came without one', () => {
    const hop = openHop('x', SpanKind.SERVER, 'req_2', undefined);
    expect(readTrace(hop.context)?.traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('makes the hop’s context current while its work runs, across awaits', async () => {
    const hop = openHop('x', SpanKind.SERVER, 'req_3', { traceparent: TRACEPARENT });
    const seen = await hop.run(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return currentRequestContext();
    });
    expect(seen).toEqual(hop.context);
    expect(currentRequestContext()).toBeUndefined();
  });

  it('names the request and the trace in log fields', () => {
    expect(contextLogFields()).toEqual({});
    const fields = runInRequestContext({ requestId: 'req_4', traceparent: TRACEPARENT }, contextLogFields);
    expect(fields).toEqual({ requestId: 'req_4', trace_id: TRACE_ID, span_id: '00f067aa0ba902b7' });
  });

  it('continues the trace of an HTTP caller', () => {
    const context = httpRequestContext('req_5', { traceparent: TRACEPARENT, tracestate: ['a=1', 'b=2'] });
    expect(context.requestId).toBe('req_5');
    expect(readTrace(context)?.traceId).toBe(TRACE_ID);
  });
});

describe('NATS headers', () => {
  it('carry a request context there and back', () => {
    const context = { requestId: 'req_6', traceparent: TRACEPARENT, tracestate: 'a=1' };
    expect(requestContextOf(natsHeadersOf(context))).toEqual(context);
  });

  it('read as an empty context when a message has none', () => {
    expect(requestContextOf(undefined)).toEqual({ requestId: '', traceparent: undefined, tracestate: undefined });
  });
});

describe('jobs', () => {
  it('carry the context of the request that queued them into their run', async () => {
    const queued = runInRequestContext({ requestId: 'req_7', traceparent: TRACEPARENT, tracestate: 'a=1' }, jobContext);
    expect(queued).toEqual({ requestId: 'req_7', traceparent: TRACEPARENT, tracestate: 'a=1' });
    const seen = await runJob('job', queued, async () => currentRequestContext());
    expect(seen?.requestId).toBe('req_7');
    expect(readTrace(seen)?.traceId).toBe(TRACE_ID);
  });

  it('carry nothing when queued outside a request, and still run', async () => {
    expect(jobContext()).toEqual({});
    await expect(runJob('job', {}, async () => 'done')).resolves.toBe('done');
    await expect(runJob('job', {}, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });
});
