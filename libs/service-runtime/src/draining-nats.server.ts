import { type NatsContext, ServerNats } from '@nestjs/microservices';
import type { NatsOptions } from '@nestjs/microservices';
import type { Msg, NatsConnection, Subscription } from 'nats';
import { SpanKind } from '@opentelemetry/api';
import { LONGEST_BUDGET_MS } from '@embed/contracts';
import { requestContextOf } from './context/nats-headers';
import { openHop } from './context/request-context';
import { replyInsteadOf } from './failed-reply';
import type { InFlightTracker } from './in-flight';

type Publish = (packet: Record<string, unknown>) => unknown;

/**
 * Nest's NATS server, stopping the way a replica should: it first unsubscribes (the
 * queue group hands new messages to the other replicas), then waits for the
 * messages it is handling to be answered, then flushes and closes. Each message is
 * handled in the request context its headers carry (see context/). No message can stop
 * the process: a reply that cannot be sent (larger than NATS's `max_payload`, say) is
 * logged and answered with an error reply instead, and a message that cannot even be
 * read is logged and dropped.
 */
export class DrainingNatsServer extends ServerNats {
  private readonly intake: Subscription[] = [];
  private natsStatus = 'disconnected';

  constructor(
    options: NonNullable<NatsOptions['options']>,
    private readonly inFlight: InFlightTracker,
    private readonly graceMs: number,
  ) {
    super(options);
    this.status.subscribe((status) => (this.natsStatus = status));
  }

  // Nest keeps its subscriptions private; this view of the client records them.
  override bindEvents(client: NatsConnection): void {
    const recordingClient = Object.create(client, {
      subscribe: {
        value: (subject: string, options: Parameters<NatsConnection['subscribe']>[1]) => {
          const subscription = client.subscribe(subject, options);
          this.intake.push(subscription);
          return subscription;
        },
      },
    });
    super.bindEvents(recordingClient);
  }

  // The span of this hop ends with the message's reply, in InFlightInterceptor.
  override handleMessage(channel: string, message: Msg): Promise<unknown> {
    const { requestId, deadline, ...trace } = requestContextOf(message.headers);
    // A caller that sets no deadline (an operator's tool, a test's own client) gets the longest budget from now.
    const hop = openHop(`${channel} handle`, SpanKind.SERVER, requestId, trace, deadline ?? Date.now() + LONGEST_BUDGET_MS);
    return hop.run(() => super.handleMessage(channel, message)).catch((error: unknown) => {
      this.logger.error({ subject: channel, err: error }, 'message could not be handled');
    });
  }

  // Nest publishes replies after the handler has returned, where a thrown error is unhandled.
  override getPublisher(message: Msg, id: string, context: NatsContext): Publish {
    const publish: Publish = super.getPublisher(message, id, context);
    return (packet) => {
      try {
        return publish(packet);
      } catch (error) {
        this.logger.error({ subject: message.subject, err: error }, 'reply could not be sent; answering with an error');
        const response = replyInsteadOf(error, this.maxPayload());
        try {
          return publish({ response, isDisposed: packet['isDisposed'] });
        } catch (again) {
          this.logger.error({ subject: message.subject, err: again }, 'error reply could not be sent either');
          return undefined;
        }
      }
    };
  }

  override async close(): Promise<void> {
    for (const subscription of this.intake.splice(0)) subscription.unsubscribe();
    const finished = await this.inFlight.idle(this.graceMs);
    if (!finished) this.logger.warn(`stopping with ${this.inFlight.size} message(s) unanswered after ${this.graceMs} ms`);
    const connection = this.connectionOrNull();
    if (connection && !connection.isClosed()) await connection.flush().catch(() => undefined);
    await super.close();
  }

  /** The largest message the NATS server takes, as it announced when connecting. */
  maxPayload(): number | undefined {
    return this.connectionOrNull()?.info?.max_payload;
  }

  /** Ready to take messages: connected to NATS and not stopping. */
  isConnected(): boolean {
    const connection = this.connectionOrNull();
    return this.intake.length > 0 && this.natsStatus === 'connected' && connection !== null && !connection.isClosed();
  }

  private connectionOrNull(): NatsConnection | null {
    try {
      return this.unwrap<NatsConnection>();
    } catch {
      return null;
    }
  }
}
