import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/knex.js';
import type { UserRow } from '../../db/tables.js';
import { hashToken } from '../../domain/tokens.js';
import type { SessionRow } from '../../db/tables.js';

/** A session ends after this long without a request... */
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/** ...and in any case this long after sign-in. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session, not on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface SessionRecord {
  idHash: string;
  user: UserRow;
}

/**
 * Server-side sessions in the database, so every instance sharing the database shares them. The
 * cookie carries a random id; the table keeps only its hash.
 */
export class SessionStore {
  constructor(private readonly db: Database) {}

  async create(userId: number, meta: { ipAddress?: string; userAgent?: string } = {}): Promise<string> {
    const sid = randomBytes(32).toString('base64url');
    await this.db<SessionRow>('sessions').insert({
      id_hash: hashToken(sid),
      user_id: userId,
      expires_at: new Date(Date.now() + SESSION_ABSOLUTE_MS),
      ip_address: meta.ipAddress?.slice(0, 64) ?? null,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
    });
    return sid;
  }

  /** The session's user, or null when the session is unknown, idle too long or past its end. */
  async validate(sid: string): Promise<SessionRecord | null> {
    if (typeof sid !== 'string' || sid.length < 20 || sid.length > 100) return null;
    const idHash = hashToken(sid);
    const row = await this.db('sessions as s')
      .join('users as u', 'u.id', 's.user_id')
      .where('s.id_hash', idHash)
      .first<(UserRow & Pick<SessionRow, 'last_seen_at' | 'expires_at'>) | undefined>(
        'u.*',
        's.last_seen_at',
        's.expires_at',
      );
    if (!row) return null;
    const now = Date.now();
    const lastSeen = new Date(row.last_seen_at).getTime();
    if (new Date(row.expires_at).getTime() <= now || lastSeen + SESSION_IDLE_MS <= now) {
      await this.db<SessionRow>('sessions').where({ id_hash: idHash }).delete();
      return null;
    }
    if (now - lastSeen > TOUCH_INTERVAL_MS) {
      await this.db<SessionRow>('sessions')
        .where({ id_hash: idHash })
        .update({ last_seen_at: new Date(now) });
    }
    const { last_seen_at: _seen, expires_at: _expires, ...user } = row;
    return { idHash, user: user as UserRow };
  }

  async destroy(sid: string): Promise<void> {
    if (typeof sid === 'string')
      await this.db<SessionRow>('sessions')
        .where({ id_hash: hashToken(sid) })
        .delete();
  }

  /** Removes ended sessions; run now and then so the table does not grow without bound. */
  async prune(): Promise<void> {
    await this.db<SessionRow>('sessions')
      .where('expires_at', '<=', new Date())
      .orWhere('last_seen_at', '<=', new Date(Date.now() - SESSION_IDLE_MS))
      .delete();
  }
}
