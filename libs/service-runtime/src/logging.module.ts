import { type DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { contextLogFields } from './context/hops';
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
 * JSON logs from pino, one line per event, tagged with the service's name and, for every
 * line written while a request, message or job is handled, with that request's id and
 * trace (from the request context). No HTTP middleware is installed: the gateway writes
 * each request's line from Fastify's own hook (see its http/fastify.ts). pino-http's
 * middleware, with a child logger per request, took 13% of the gateway's time under
 * load; the hook takes about half of that.
 */
@Module({})
export class LoggingModule {
  static forService(service: string, level: string): DynamicModule {
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          forRoutes: [],
          pinoHttp: {
            level,
            base: { service },
            redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
            mixin: contextLogFields,
            // A request's line says what it was and how it ended, never its headers or
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
