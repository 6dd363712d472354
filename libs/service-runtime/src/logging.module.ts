import { type DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { contextLogFields, type RequestContext } from './context/request-context';
import { readTrace } from './context/trace-context';
import { loggableUrl } from './loggable-url';

/** Paths that must never reach a log line, whatever logs them. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.secret',
  '*.token',
  '*.doc',
];

/**
 * JSON logs from pino, one line per event, tagged with the service's name. A back-end
 * service (`fromMessages`) tags every line written while it handles a message or job
 * with that request's id and trace (from the request context); the gateway binds the
 * request id to each request's logger and adds the trace to the request's line.
 */
@Module({})
export class LoggingModule {
  static forService(service: string, level: string, { fromMessages = false } = {}): DynamicModule {
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            level,
            base: { service },
            redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
            // The gateway's request id (Fastify's req.id) ties every line of a request together.
            genReqId: (req) => (req as { id?: string }).id ?? '',
            customAttributeKeys: { reqId: 'requestId' },
            quietReqLogger: true,
            customProps: (req) => traceFields((req as { requestContext?: RequestContext }).requestContext),
            ...(fromMessages ? { mixin: contextLogFields } : {}),
            // One short line per request: what it was and how it ended, never its headers or
            // body, nor the person or the signature its address may hold.
            serializers: {
              req: (req: { id?: string; method?: string; url?: string }) => ({ id: req.id, method: req.method, url: req.url && loggableUrl(req.url) }),
              res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
            },
          },
        }),
      ],
    };
  }
}

function traceFields(context: RequestContext | undefined) {
  const span = readTrace(context);
  return span ? { trace_id: span.traceId, span_id: span.spanId } : {};
}
