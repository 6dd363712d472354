import { type DynamicModule, Inject, Injectable, Module } from '@nestjs/common';
import { type ClientProxy, ClientsModule, Transport } from '@nestjs/microservices';
import type { NatsConnection } from 'nats';
import { firstValueFrom, timeout } from 'rxjs';

const NATS_CLIENT = 'NATS_CLIENT';

/** A service did not answer in time, or NATS could not carry the request. */
export class ServiceUnavailableError extends Error {
  constructor(readonly subject: string, cause: unknown) {
    super(`no answer on ${subject}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'ServiceUnavailableError';
  }
}

/** Request-reply over NATS with a deadline per call. */
@Injectable()
export class ServiceClient {
  constructor(@Inject(NATS_CLIENT) private readonly client: ClientProxy) {}

  async request<T>(subject: string, payload: unknown, timeoutMs: number): Promise<T> {
    try {
      return await firstValueFrom(this.client.send<T>(subject, payload ?? {}).pipe(timeout(timeoutMs)));
    } catch (error) {
      throw new ServiceUnavailableError(subject, error);
    }
  }

  /** Round trip to the NATS server itself. */
  async pingNats(timeoutMs: number): Promise<void> {
    await this.client.connect();
    const connection = this.client.unwrap<NatsConnection>();
    await Promise.race([
      connection.flush(),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)),
    ]);
  }
}

@Module({})
export class ServiceClientModule {
  static forRoot(natsUrl: string): DynamicModule {
    return {
      module: ServiceClientModule,
      global: true,
      imports: [
        ClientsModule.register([
          { name: NATS_CLIENT, transport: Transport.NATS, options: { servers: natsUrl, maxReconnectAttempts: -1, reconnectTimeWait: 250 } },
        ]),
      ],
      providers: [ServiceClient],
      exports: [ServiceClient],
    };
  }
}
