import type { Knex } from 'knex';
import type { Database } from './knex.js';
import { writeAndNotify } from './writes.js';

/** The channel content writes NOTIFY on, so every instance drops its cached public content. */
export const CONTENT_CHANNEL = 'msp_content_changed';

/**
 * Memoises public content reads in memory. Public pages read far more often than administrators
 * write, so every read after the first is served without a query; content writes call
 * `invalidate()`, and other instances hear of them through the `ChangeListener`.
 */
export class ContentCache {
  private readonly entries = new Map<string, Promise<unknown>>();
  /** The loaded values, for `peek`: a hot read answered without waiting on a settled promise. */
  private readonly values = new Map<string, unknown>();
  private generation = 0;
  /** Off while this instance cannot hear other instances' changes: then every read goes to the database. */
  private enabled = true;

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const cached = this.entries.get(key);
    if (cached) return cached as Promise<T>;
    const generation = this.generation;
    const pending: Promise<T> = load().then(
      (value) => {
        // Still the current load (no invalidation since): `peek` may hand it back from now on.
        if (this.entries.get(key) === pending) this.values.set(key, value);
        return value;
      },
      (error: unknown) => {
        // A failed load is not cached: the next request tries again.
        if (this.entries.get(key) === pending) this.entries.delete(key);
        throw error;
      },
    );
    // A load that started before an invalidation must not repopulate the cache with old data.
    if (generation === this.generation) this.entries.set(key, pending);
    return pending;
  }

  /** The value `get` has loaded for `key`, if it has and it is still current; else undefined. */
  peek<T>(key: string): T | undefined {
    return this.enabled ? (this.values.get(key) as T | undefined) : undefined;
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
    this.values.clear();
  }

  setEnabled(enabled: boolean): void {
    if (enabled !== this.enabled) this.invalidate();
    this.enabled = enabled;
  }
}

/** What a content route writes through: one transaction, then every instance's cache is cleared. */
export type ContentWriter = <T>(write: (trx: Knex.Transaction) => Promise<T>) => Promise<T>;

export function contentWriter(db: Database, cache: ContentCache): ContentWriter {
  return (write) => writeAndNotify(db, CONTENT_CHANNEL, () => cache.invalidate(), write);
}
