import { Logger } from '@nestjs/common';
import { Client } from 'pg';

/** The channel the outbox's trigger notifies at the commit of new events (migration 20261125180000_outbox_wake). */
export const OUTBOX_CHANNEL = 'webhook_outbox';

/** Waits before listening again after the connection was lost. */
const RECONNECT_MS = 1_000;

/**
 * LISTENs on `channel` on a connection of its own (outside the pool: a pooled connection
 * goes back to the pool and stops listening) and calls `onNotify` for each notification.
 * A lost connection is made again a second later. Notifications sent while nothing
 * listened are lost, so `onNotify` is also called each time listening (re)starts, for
 * the listener to look for work it may have missed.
 */
export class DatabaseNotifications {
  private readonly logger = new Logger(DatabaseNotifications.name);
  private client: Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
    private readonly onNotify: () => void,
  ) {}

  start(): void {
    this.stopped = false;
    void this.listen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl });
    this.client = client;
    let lost = false;
    const reconnect = (error?: Error) => {
      if (lost || this.stopped) return;
      lost = true;
      this.logger.warn({ err: error }, `lost the connection that listens on ${this.channel}; listening again in a second`);
      client.end().catch(() => undefined);
      this.retry = setTimeout(() => void this.listen(), RECONNECT_MS);
    };
    client.on('error', reconnect);
    client.on('end', () => reconnect());
    client.on('notification', () => this.onNotify());
    try {
      await client.connect();
      // Channels are constants of ours (OUTBOX_CHANNEL): LISTEN takes no parameters.
      await client.query(`LISTEN ${this.channel}`);
      this.onNotify();
    } catch (error) {
      reconnect(error as Error);
    }
  }
}
