import { type DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';

/** Paths that must never reach a log line, whatever logs them. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.secret',
  '*.token',
  '*.doc',
];

/** JSON logs from pino, one line per event, tagged with the service's name. */
@Module({})
export class LoggingModule {
  static forService(service: string, level: string): DynamicModule {
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
            // One short line per request: what it was and how it ended, never its headers or body.
            serializers: {
              req: (req: { id?: string; method?: string; url?: string }) => ({ id: req.id, method: req.method, url: req.url }),
              res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
            },
          },
        }),
      ],
    };
  }
}
