import pg from 'pg';
import type { Logger } from './logger.js';

/**
 * Memoises public content reads in memory. Public pages read far more often than administrators
 * write, so every read after the first is served without a query; content writes call
 * `invalidate()`, and other instances hear of them through `ContentSync`.
 */
export class ContentCache {
  private readonly entries = new Map<string, Promise<unknown>>();
  private generation = 0;
  /** Off while this instance cannot hear other instances' changes: then every read goes to the database. */
  private enabled = true;

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const cached = this.entries.get(key);
    if (cached) return cached as Promise<T>;
    const generation = this.generation;
    const pending = load().catch((error: unknown) => {
      // A failed load is not cached: the next request tries again.
      if (this.entries.get(key) === pending) this.entries.delete(key);
      throw error;
    });
    // A load that started before an invalidation must not repopulate the cache with old data.
    if (generation === this.generation) this.entries.set(key, pending);
    return pending;
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  setEnabled(enabled: boolean): void {
    if (enabled !== this.enabled) this.invalidate();
    this.enabled = enabled;
  }
}

export const CONTENT_CHANNEL = 'msp_content_changed';

/**
 * Keeps the caches of every instance on one PostgreSQL database in step: a content write sends
 * NOTIFY (delivered when its transaction commits) and every instance LISTENs. While the listening
 * connection is down the cache is bypassed, so no instance serves content it may have missed.
 * The embedded database has one process, so local invalidation is all it needs.
 */
export class ContentSync {
  private client: pg.Client | undefined;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelayMs = 500;

  /**
   * @param channels other channels to listen on, each with what to do on a notification; each is
   *   also called on every (re)connection, for whatever was sent while nobody listened.
   */
  constructor(
    private readonly cache: ContentCache,
    private readonly databaseUrl: string | undefined,
    private readonly logger: Logger,
    private readonly channels: Record<string, () => void> = {},
  ) {}

  async start(): Promise<void> {
    if (!this.databaseUrl) return;
    this.cache.setEnabled(false);
    await this.connect().catch((error: Error) => {
      this.logger.error(`Content change listener could not connect (${error.message}); retrying.`);
      this.scheduleReconnect();
    });
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('error', (error) => {
      this.logger.error(`Content change listener lost its connection (${error.message}); reconnecting.`);
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
