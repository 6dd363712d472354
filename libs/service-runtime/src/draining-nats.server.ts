import { type MessageHandler, type NatsContext, ServerNats } from '@nestjs/microservices';
import type { NatsOptions } from '@nestjs/microservices';
import type { Msg, NatsConnection, Subscription } from 'nats';
import { SpanKind } from '@opentelemetry/api';
import { LONGEST_BUDGET_MS } from '@embed/contracts';
import { refusingLateMessages } from './context/late-messages';
import { requestContextOf } from './context/nats-headers';
import { openHop } from './context/hops';
import { replyInsteadOf } from './failed-reply';
import { HandledMessage, type InFlightTracker } from './in-flight';
import { replyOutcome } from './ops/metrics';

type Publish = (packet: Record<string, unknown>) => unknown;

/** The outcome a packet Nest publishes tells: its reply's, or `exception` for an error packet; none for the bare end of a stream. */
function packetOutcome(packet: Record<string, unknown>): string | undefined {
  if (packet['err'] !== undefined) return 'exception';
  return 'response' in packet ? replyOutcome(packet['response']) : undefined;
}

/**
 * Nest's NATS server, stopping the way a replica should: it first unsubscribes (the
 * queue group hands new messages to the other replicas), then waits for the
 * messages it is handling to be answered, then flushes and closes. Each message is
 * handled in the request context its headers carry (see context/), refused unread when
 * it arrives past its deadline, and kept in flight until its reply is published, then
 * timed, logged and its span ended (HandledMessage). This is done here rather than in
 * Nest interceptors: their chain of observables and bound async resources took about a
 * fifth of the designs service's CPU per message in the API benchmark. No message can stop
 * the process: a reply that cannot be sent (larger than NATS's `max_payload`, say) is
 * logged and answered with an error reply instead, and a message that cannot even be
 * read is logged and dropped.
 */
export class DrainingNatsServer extends ServerNats {
  private readonly intake: Subscription[] = [];
  private readonly handling = new WeakMap<Msg, HandledMessage>();
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

  override addHandler(pattern: unknown, callback: MessageHandler, isEventHandler?: boolean, extras?: Record<string, unknown>): void {
    super.addHandler(pattern, refusingLateMessages(callback), isEventHandler, extras);
  }

  // Our subjects are plain strings, the handlers' keys as they are: Nest first tries each
  // subject as JSON, and the SyntaxError it throws and catches cost more than the lookup.
  override getHandlerByPattern(pattern: string): MessageHandler | null {
    return this.messageHandlers.get(pattern) ?? super.getHandlerByPattern(pattern);
  }

  // The hop's span ends with the message's reply, in the publisher below.
  override async handleMessage(channel: string, message: Msg): Promise<void> {
    const { requestId, deadline, ...trace } = requestContextOf(message.headers);
    // A caller that sets no deadline (an operator's tool, a test's own client) gets the longest budget from now.
    const hop = openHop(`${channel} handle`, SpanKind.SERVER, requestId, trace, deadline ?? Date.now() + LONGEST_BUDGET_MS);
    const handled = new HandledMessage(channel, hop, this.inFlight);
    this.handling.set(message, handled);
    await hop.run(async () => {
      try {
        await super.handleMessage(channel, message);
        // A message that asked for no answer (no id: Nest reads it as an event) is done once handled.
        if (this.handling.delete(message)) handled.finish('no_reply');
      } catch (error) {
        this.logger.error({ subject: channel, err: error }, 'message could not be handled');
        handled.finish('exception');
      }
    });
  }

  // Nest publishes replies after the handler has returned, where a thrown error is unhandled.
  override getPublisher(message: Msg, id: string, context: NatsContext): Publish {
    const publish: Publish = super.getPublisher(message, id, context);
    const handled = this.handling.get(message);
    this.handling.delete(message);
    let outcome = 'ok';
    return (packet) => {
      outcome = packetOutcome(packet) ?? outcome;
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
      } finally {
        if (packet['isDisposed'] || outcome === 'exception') handled?.finish(outcome);
      }
    };
  }

  override async close(): Promise<void> {
    for (const subscription of this.intake.splice(0)) subscription.unsubscribe();
    this.logger.log(`stopping: taking no new messages, answering the ${this.inFlight.size} in flight`);
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
