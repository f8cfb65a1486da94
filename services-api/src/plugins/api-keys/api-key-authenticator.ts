import type { ApiKeyPermission } from '@msp/shared';
import type { Database } from '../../db/knex.js';
import type { Logger } from '../../logger.js';
import { hashToken, isWellFormedToken } from './api-key-token.js';
import type { ApiKeyRow } from '../../db/tables.js';

/** What a request authenticated by a key carries. */
export interface ApiKeyIdentity {
  id: number;
  name: string;
  permission: ApiKeyPermission;
}

export interface ApiKeyAuthenticatorOptions {
  /**
   * How long a lookup is reused. A change on this instance clears the cache at once, and on
   * PostgreSQL every other instance is told by NOTIFY; this bounds staleness when that message is
   * lost (the listener reconnecting).
   */
  cacheTtlMs?: number;
  /** lastUsedAt is written at most this often per key and instance (and the UPDATE itself skips rows written in the last minute). */
  touchIntervalMs?: number;
  /** The clock, replaceable in tests. */
  now?: () => number;
}

/** Enough for every real key plus a burst of made-up ones; past it the cache starts over. */
const CACHE_MAX_ENTRIES = 10_000;

interface CacheEntry {
  key: ApiKeyIdentity | null;
  expiresAt: number;
}

/**
 * Finds the active key a token belongs to. A token without the prefix or with a wrong checksum is
 * refused before any lookup; a well-formed one is looked up by its hash, and the answer (found or
 * not) is kept briefly, so a read pays a hash and a map lookup rather than a query.
 */
export class ApiKeyAuthenticator {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly lastTouched = new Map<number, number>();
  private generation = 0;
  private readonly cacheTtlMs: number;
  private readonly touchIntervalMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Database,
    private readonly logger: Pick<Logger, 'error'>,
    options: ApiKeyAuthenticatorOptions = {},
  ) {
    this.cacheTtlMs = options.cacheTtlMs ?? 5_000;
    this.touchIntervalMs = options.touchIntervalMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /** The key of an active token, or null for a malformed, unknown, disabled or deleted one. */
  async authenticate(token: string): Promise<ApiKeyIdentity | null> {
    if (!isWellFormedToken(token)) return null;
    const hash = hashToken(token);
    const now = this.now();
    let entry = this.cache.get(hash);
    if (!entry || entry.expiresAt <= now) {
      const generation = this.generation;
      const row = await this.db<ApiKeyRow>('api_keys')
        .where({ token_hash: hash, is_active: true })
        .first('id', 'name', 'permission');
      entry = {
        key: row ? { id: row.id, name: row.name, permission: row.permission } : null,
        expiresAt: now + this.cacheTtlMs,
      };
      // A lookup that started before a change must not put back what the change removed.
      if (generation === this.generation) {
        if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.clear();
        this.cache.set(hash, entry);
      }
    }
    if (entry.key) await this.touch(entry.key.id, now);
    return entry.key;
  }

  /** Forgets every cached lookup: called after any key is created, changed or deleted. */
  invalidate(): void {
    this.generation++;
    this.cache.clear();
  }

  /**
   * Records that the key was used, at most once a minute: the in-memory note spares the query on
   * this instance, and the condition keeps several instances from writing the same minute twice.
   */
  private async touch(id: number, now: number): Promise<void> {
    const last = this.lastTouched.get(id);
    if (last !== undefined && now - last < this.touchIntervalMs) return;
    this.lastTouched.set(id, now);
    try {
      await this.db('api_keys')
        .where({ id })
        .where((query) =>
          query.whereNull('last_used_at').orWhereRaw(`last_used_at < now() - interval '1 minute'`),
        )
        .update({ last_used_at: this.db.fn.now() });
    } catch (error) {
      // A missed timestamp must not refuse a request the key may make.
      this.logger.error({ err: error }, 'Could not record the API key’s last use');
    }
  }
}
