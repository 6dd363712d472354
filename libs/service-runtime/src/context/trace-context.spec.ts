import { TraceFlags } from '@opentelemetry/api';
import { childSpanContext, readTrace, writeTrace } from './trace-context';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

describe('trace context', () => {
  it('reads a traceparent and its tracestate', () => {
    expect(readTrace({ traceparent: PARENT, tracestate: 'vendor=a1' })).toMatchObject({
      traceId: TRACE_ID,
      spanId: '00f067aa0ba902b7',
      traceFlags: TraceFlags.SAMPLED,
      isRemote: true,
    });
  });

  it('ignores a missing or malformed traceparent', () => {
    expect(readTrace(undefined)).toBeUndefined();
    expect(readTrace({})).toBeUndefined();
    expect(readTrace({ traceparent: 'not-a-traceparent' })).toBeUndefined();
    expect(readTrace({ traceparent: `00-${'0'.repeat(32)}-00f067aa0ba902b7-01` })).toBeUndefined();
  });

  it('writes what it reads', () => {
    const carrier = { traceparent: PARENT, tracestate: 'vendor=a1' };
    expect(writeTrace(readTrace(carrier)!)).toEqual(carrier);
  });

  it('makes a child in the same trace with a span id of its own', () => {
    const parent = readTrace({ traceparent: PARENT, tracestate: 'vendor=a1' })!;
    const child = childSpanContext(parent);
    expect(child.traceId).toBe(TRACE_ID);
    expect(child.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(child.spanId).not.toBe(parent.spanId);
    expect(writeTrace(child)).toEqual({ traceparent: `00-${TRACE_ID}-${child.spanId}-01`, tracestate: 'vendor=a1' });
  });

  it('starts a new, unsampled trace when there is no parent', () => {
    const [a, b] = [childSpanContext(undefined), childSpanContext(undefined)];
    expect(a.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(a.traceId).not.toBe(b.traceId);
    expect(writeTrace(a).traceparent).toBe(`00-${a.traceId}-${a.spanId}-00`);
  });
});
