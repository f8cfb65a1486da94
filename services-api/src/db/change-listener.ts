import pg from 'pg';
import type { Logger } from '../logger.js';
import { CONTENT_CHANNEL, type ContentCache } from './content-cache.js';

/**
 * Keeps what every instance on one PostgreSQL database caches in step: a write sends NOTIFY on its
 * channel (delivered when its transaction commits) and every instance LISTENs: the content channel
 * clears the content cache, and others (API keys) clear what subscribed to them. While the
 * listening connection is down the content cache is bypassed, so no instance serves content it may
 * have missed.
 */
export class ChangeListener {
  private client: pg.Client | undefined;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelayMs = 500;

  private readonly channels: Record<string, () => void> = {};

  constructor(
    private readonly cache: ContentCache,
    private readonly databaseUrl: string,
    private readonly logger: Logger,
  ) {}

  /**
   * Listens on another channel from the start: `onChange` runs on each notification, and on every
   * (re)connection for whatever was sent while nobody listened.
   */
  on(channel: string, onChange: () => void): void {
    this.channels[channel] = onChange;
  }

  async start(): Promise<void> {
    this.cache.setEnabled(false);
    await this.connect().catch((error: Error) => {
      this.logger.error(`Change listener could not connect (${error.message}); retrying.`);
      this.scheduleReconnect();
    });
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('error', (error) => {
      this.logger.error(`Change listener lost its connection (${error.message}); reconnecting.`);
      this.dropClient(client);
    });
    client.on('end', () => this.dropClient(client));
    client.on('notification', ({ channel }) => {
      const onChange = this.channels[channel];
      if (onChange) onChange();
      else this.cache.invalidate();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CONTENT_CHANNEL}`);
      for (const channel of Object.keys(this.channels)) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      // A connection that failed half way (cut between connecting and listening) is not kept open.
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      await client.end();
      return;
    }
    this.client = client;
    this.retryDelayMs = 500;
    // Anything written while we were not listening is dropped along with the old entries.
    this.cache.setEnabled(true);
    for (const onChange of Object.values(this.channels)) onChange();
  }

  private dropClient(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.cache.setEnabled(false);
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.connect().catch(() => this.scheduleReconnect());
    }, this.retryDelayMs);
    this.retryTimer.unref();
    this.retryDelayMs = Math.min(this.retryDelayMs * 2, 30_000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
