import { type DynamicModule, Inject, Injectable, Module } from '@nestjs/common';
import { type ClientProxy, ClientsModule, Transport } from '@nestjs/microservices';
import { Events, JSONCodec, type NatsConnection } from 'nats';
import { SpanKind } from '@opentelemetry/api';
import { randomUUID } from 'node:crypto';
import { DeadlinePassedError, HOP_MARGIN_MS, type ReplyOf, type RequestOf, type Subject } from '@embed/contracts';
import { natsHeadersOf } from './context/nats-headers';
import { currentRequestContext, openHop } from './context/hops';
import { replyOutcome, serviceCallDuration } from './ops/metrics';

const NATS_CLIENT = 'NATS_CLIENT';

/** A service did not answer in time, or NATS could not carry the request. */
export class ServiceUnavailableError extends Error {
  constructor(readonly subject: string, cause: unknown) {
    super(`no answer on ${subject}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'ServiceUnavailableError';
  }
}

const codec = JSONCodec<{ pattern: string; data: unknown; id: string } | { err?: unknown; response?: unknown }>();

/**
 * Request-reply over NATS in the message format of Nest's NATS transport, so that the
 * services' @MessagePattern handlers answer it. It uses the connection's shared reply
 * subscription (nats.js `request`), where Nest's own client subscribes and unsubscribes
 * once per request; with no replica listening it fails at once instead of waiting for
 * the deadline. The current request context goes along in the message's headers, as a
 * child span of the caller's.
 *
 * The deadline is absolute: the request context's own (or one given for a call made
 * outside a request). The caller waits for what is left of it; the callee gets it less
 * HOP_MARGIN_MS, so its answer arrives while the caller can still use it. A call whose
 * callee would have no time left is not sent. Requests and replies are typed by the
 * subject (the registry in @embed/contracts), and the callee checks the payload again.
 */
@Injectable()
export class ServiceClient {
  private connection?: Promise<NatsConnection>;
  /**
   * Whether the connection to NATS is lost (nats.js reports it, then keeps trying). A
   * request then fails at once: nats.js would hold it until its deadline (seconds of a
   * caller's time) for an answer that cannot come before the connection is back.
   */
  private disconnected = false;

  constructor(@Inject(NATS_CLIENT) private readonly client: ClientProxy) {}

  async request<S extends Subject>(subject: S, payload: RequestOf<S>, deadline = currentRequestContext()?.deadline): Promise<ReplyOf<S>> {
    if (deadline === undefined) throw new Error(`${subject} asked without a deadline: call it within a request that has one, or give one`);
    const stopTimer = serviceCallDuration.startTimer({ subject });
    const caller = currentRequestContext();
    const calleeDeadline = deadline - HOP_MARGIN_MS;
    const hop = openHop(`${subject} request`, SpanKind.CLIENT, caller?.requestId ?? '', caller, calleeDeadline);
    try {
      if (calleeDeadline <= Date.now()) throw new DeadlinePassedError(`${subject} could be asked`);
      const nats = await this.connect();
      if (this.disconnected) throw new Error('the connection to NATS is lost; reconnecting');
      const message = codec.encode({ pattern: subject, data: payload ?? {}, id: randomUUID() });
      const answer = await nats.request(subject, message, { timeout: Math.max(1, deadline - Date.now()), headers: natsHeadersOf(hop.context) });
      const reply = codec.decode(answer.data) as { err?: unknown; response?: ReplyOf<S> };
      if (reply.err !== undefined && reply.err !== null) throw new Error(`the handler failed: ${JSON.stringify(reply.err)}`);
      stopTimer({ outcome: replyOutcome(reply.response) });
      hop.end();
      return reply.response as ReplyOf<S>;
    } catch (error) {
      stopTimer({ outcome: 'unavailable' });
      hop.end(error);
      throw new ServiceUnavailableError(subject, error);
    }
  }

  /** Round trip to the NATS server itself. */
  async pingNats(timeoutMs: number): Promise<void> {
    const nats = await this.connect();
    await Promise.race([
      nats.flush(),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)),
    ]);
  }

  private connect(): Promise<NatsConnection> {
    this.connection ??= this.client.connect().then(
      () => this.watch(this.client.unwrap<NatsConnection>()),
      (error: unknown) => {
        this.connection = undefined;
        throw error;
      },
    );
    return this.connection;
  }

  /** Follows the connection's state from nats.js's status events, for as long as it lives. */
  private watch(nats: NatsConnection): NatsConnection {
    void (async () => {
      for await (const status of nats.status()) {
        if (status.type === Events.Disconnect) this.disconnected = true;
        else if (status.type === Events.Reconnect) this.disconnected = false;
      }
    })();
    return nats;
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
          {
            name: NATS_CLIENT,
            transport: Transport.NATS,
            // noAsyncTraces: nats.js would otherwise build two errors with stack traces for every
            // request in case it fails (1.6% of the gateway's time); our failures name their subject.
            options: { servers: natsUrl, maxReconnectAttempts: -1, reconnectTimeWait: 250, noAsyncTraces: true },
          },
        ]),
      ],
      providers: [ServiceClient],
      exports: [ServiceClient],
    };
  }
}
