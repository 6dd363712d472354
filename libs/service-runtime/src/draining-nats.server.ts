import { ServerNats } from '@nestjs/microservices';
import type { NatsOptions } from '@nestjs/microservices';
import type { Msg, NatsConnection, Subscription } from 'nats';
import { SpanKind } from '@opentelemetry/api';
import { requestContextOf } from './context/nats-headers';
import { openHop } from './context/request-context';
import type { InFlightTracker } from './in-flight';

/**
 * Nest's NATS server, stopping the way a replica should: it first unsubscribes (the
 * queue group hands new messages to the other replicas), then waits for the
 * messages it is handling to be answered, then flushes and closes. Each message is
 * handled in the request context its headers carry (see context/).
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
    const { requestId, ...trace } = requestContextOf(message.headers);
    const hop = openHop(`${channel} handle`, SpanKind.SERVER, requestId, trace);
    return hop.run(() => super.handleMessage(channel, message));
  }

  override async close(): Promise<void> {
    for (const subscription of this.intake.splice(0)) subscription.unsubscribe();
    const finished = await this.inFlight.idle(this.graceMs);
    if (!finished) this.logger.warn(`stopping with ${this.inFlight.size} message(s) unanswered after ${this.graceMs} ms`);
    const connection = this.connectionOrNull();
    if (connection && !connection.isClosed()) await connection.flush().catch(() => undefined);
    await super.close();
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
