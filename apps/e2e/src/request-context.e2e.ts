// @lane serial: restarts services with tracing on.
// Request ids and W3C trace context end to end: a request that arrives with a known
// `traceparent` is found, by its id and trace id, in the log lines of the gateway, the
// designs service and the webhook dispatcher's delivery; no log line holds a credential
// or the design's content. With OpenTelemetry switched on, the spans of the gateway and
// the designs service reach an OTLP/HTTP collector in the same trace.
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { editorSession, exampleDesign, newProject } from './support/api';
import { baseUrl, killService, logFileOf, startService, waitFor } from './support/stack';
import { WebhookReceiver } from './support/webhook-receiver';
import { useReceiverAndFastDispatcher, webhookProject } from './support/webhooks';

jest.setTimeout(90_000);

const SERVICES = ['gateway', 'designs', 'renderer', 'erasure', 'webhook-dispatcher'];
const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');
const traceparentOf = (traceId: string) => `00-${traceId}-${randomHex(8)}-01`;

/** Every JSON line a service has logged so far. */
function logLines(service: string): Record<string, any>[] {
  return readFileSync(logFileOf(service), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
}

const linesOf = (service: string, requestId: string) => logLines(service).filter((line) => line.requestId === requestId);

/** A design document with a sentence no log line may ever show. */
function documentWith(secretText: string): Record<string, any> {
  const doc = exampleDesign('email');
  const texts: Record<string, any>[] = [];
  const visit = (node: any) => {
    if (node && typeof node === 'object') {
      if (typeof node.text === 'string') texts.push(node);
      Object.values(node).forEach(visit);
    }
  };
  visit(doc);
  texts[0].text = secretText;
  return doc;
}

describe('request id and trace in the logs', () => {
  const receiverOf = useReceiverAndFastDispatcher();
  let receiver: WebhookReceiver;
  beforeAll(() => (receiver = receiverOf()));

  it('follows a save from the gateway through the designs service to the webhook delivery, and never logs a secret', async () => {
    const project = webhookProject(receiver.url('traced'), 'design.saved');
    const { token, editor } = await editorSession(project.testKey, 'person-traced');
    const traceId = randomHex(16);
    const secretText = `Unlogged sentence ${randomHex(6)}`;

    const created = await editor('POST', '/designs', { body: { name: 'Traced', doc: documentWith(secretText) }, headers: { traceparent: traceparentOf(traceId) } });
    expect(created.status).toBe(201);
    const requestId = created.headers.get('request-id') as string;
    await receiver.waitFor('traced', 'design.saved', (requests) => requests.length > 0);

    const gateway = await waitFor('the gateway’s line', async () => linesOf('gateway', requestId).find((line) => line.res) ?? false);
    expect(gateway).toMatchObject({ service: 'gateway', trace_id: traceId, req: { method: 'POST', url: '/editor/v1/designs' }, res: { statusCode: 201 } });

    const designs = linesOf('designs', requestId).find((line) => line.msg === 'message handled');
    expect(designs).toMatchObject({ service: 'designs', trace_id: traceId, outcome: 'ok', subject: expect.stringMatching(/^designs\./) });

    const delivery = await waitFor('the delivery’s line', async () => linesOf('webhook-dispatcher', requestId).find((line) => line.msg === 'webhook attempt') ?? false);
    expect(delivery).toMatchObject({ service: 'webhook-dispatcher', trace_id: traceId, attempt: 1, statusCode: 200, next: 'delivered' });
    // Each hop is a span of its own in the caller's trace.
    expect(new Set([gateway.span_id, designs?.span_id, delivery.span_id]).size).toBe(3);

    const [webhook] = receiver.at('traced');
    expect(JSON.stringify(webhook.json)).not.toContain(requestId);
    for (const service of SERVICES) {
      const log = readFileSync(logFileOf(service), 'utf8');
      for (const secret of [project.testKey, token, project.secret, secretText]) expect(log).not.toContain(secret);
    }
  });

  it('starts a trace for a request that comes without one, and ignores a malformed traceparent', async () => {
    const project = webhookProject(receiver.url('untraced'), 'design.saved');
    const { editor } = await editorSession(project.testKey, 'person-untraced');
    const created = await editor('POST', '/designs', { body: { name: 'Untraced', doc: exampleDesign('email') }, headers: { traceparent: 'not-a-traceparent' } });
    const requestId = created.headers.get('request-id') as string;

    const gateway = await waitFor('the gateway’s line', async () => linesOf('gateway', requestId).find((line) => line.res) ?? false);
    expect(gateway.trace_id).toMatch(/^[0-9a-f]{32}$/);
    const designs = linesOf('designs', requestId).find((line) => line.msg === 'message handled');
    expect(designs?.trace_id).toBe(gateway.trace_id);
  });
});

interface ReceivedSpan {
  service: string;
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
}

/** An OTLP/HTTP collector of traces in JSON, as small as a test needs. */
class SpanCollector {
  readonly spans: ReceivedSpan[] = [];
  private server?: Server;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        if (request.url === '/v1/traces') this.receive(JSON.parse(body));
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()));
  }

  private receive(export_: any): void {
    for (const resourceSpans of export_.resourceSpans ?? []) {
      const service = resourceSpans.resource.attributes.find((a: any) => a.key === 'service.name')?.value.stringValue;
      for (const scope of resourceSpans.scopeSpans ?? [])
        for (const span of scope.spans ?? []) this.spans.push({ service, name: span.name, traceId: span.traceId, spanId: span.spanId, parentSpanId: span.parentSpanId || undefined });
    }
  }
}

describe('OpenTelemetry switched on', () => {
  const collector = new SpanCollector();
  const restart = async (env: Record<string, string>) => {
    for (const service of ['gateway', 'designs']) {
      await killService(service);
      startService(service, { env });
    }
    // Two cold starts on a busy machine can take longer than waitUntilReady's 20 s.
    await waitFor('/readyz to answer 200', async () => (await fetch(`${baseUrl()}/readyz`).catch(() => null))?.status === 200, 60_000);
  };

  beforeAll(async () => {
    const endpoint = await collector.start();
    await restart({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '100' });
  });
  afterAll(async () => {
    await restart({});
    await collector.stop();
  });

  it('exports the spans of the gateway and the designs service in the caller’s trace, linked hop to hop', async () => {
    const project = newProject('email');
    const traceId = randomHex(16);
    const callerSpan = randomHex(8);
    const { editor } = await editorSession(project.testKey, 'person-otel');
    const created = await editor('POST', '/designs', { body: { name: 'Spans', doc: exampleDesign('email') }, headers: { traceparent: `00-${traceId}-${callerSpan}-01` } });
    expect(created.status).toBe(201);

    const inTrace = () => collector.spans.filter((span) => span.traceId === traceId);
    const exported = (service: string, what: string, check: (span: ReceivedSpan) => boolean) =>
      waitFor(`${what} of ${service}`, async () => inTrace().find((span) => span.service === service && check(span)) ?? false).catch((error: Error) => {
        throw new Error(`${error.message}; spans in the trace: ${JSON.stringify(inTrace())}`);
      });
    const server = await exported('gateway', 'the HTTP server span', (span) => span.parentSpanId === callerSpan);
    const request = await exported('gateway', 'the NATS request span', (span) => span.name.endsWith(' request'));
    const handle = await exported('designs', 'the NATS handling span', (span) => span.name.endsWith(' handle'));
    const spans = inTrace();
    expect(request.parentSpanId).toBe(server.spanId);
    expect(handle.parentSpanId).toBe(request.spanId);
    // The database work of the handler is part of the same trace, under its span.
    expect(spans.some((span) => span.service === 'designs' && span.parentSpanId === handle.spanId && span.name !== handle.name)).toBe(true);
  });
});
