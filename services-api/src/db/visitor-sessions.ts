import { randomBytes } from 'node:crypto';
import { VISITOR_LINK_TTL_MINUTES, VISITOR_SESSION_IDLE_DAYS } from '@msp/shared';
import type { Database, Executor } from './knex.js';
import type { VisitorSessionRow, VisitorSignInLinkRow } from './tables.js';
import { hashToken } from '../domain/tokens.js';
import { markVerified } from './verified-visitors.js';

export const VISITOR_LINK_TTL_MS = VISITOR_LINK_TTL_MINUTES * 60 * 1000;
/** A visitor session ends after this long without a request. */
export const VISITOR_SESSION_IDLE_MS = VISITOR_SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session, not on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** A random token for a link or a session: 256 bits, URL-safe. */
const newToken = () => randomBytes(32).toString('base64url');

/** A signed-in visitor: the verified address, and the session's hash (the CSRF token derives from it). */
export interface VisitorRecord {
  email: string;
  idHash: string;
}

/**
 * Sign-in links and the sessions they start, in the database so every instance shares them. Only
 * hashes of the tokens are kept: a link's token lives in the email, a session's in its cookie.
 */
export class VisitorSessions {
  constructor(private readonly db: Database) {}

  /** A new single-use link for `email` (given lower case); returns its token, which is not kept. */
  async issueLink(executor: Executor, email: string): Promise<string> {
    const token = newToken();
    await executor<VisitorSignInLinkRow>('visitor_sign_in_links').insert({
      token_hash: hashToken(token),
      email,
      expires_at: new Date(Date.now() + VISITOR_LINK_TTL_MS),
    });
    return token;
  }

  /**
   * Spends a link and starts a session for its address, in one transaction: a link is spent once
   * however many ask at the same moment (the update takes it only while unused). Null when the
   * link is unknown, used or expired.
   */
  async spendLink(token: string): Promise<{ sid: string; email: string } | null> {
    return this.db.transaction(async (trx) => {
      const [link] = await trx<VisitorSignInLinkRow>('visitor_sign_in_links')
        .where({ token_hash: hashToken(token) })
        .whereNull('used_at')
        .where('expires_at', '>', new Date())
        .update({ used_at: new Date() })
        .returning('email');
      if (!link) return null;
      await markVerified(trx, link.email);
      return { sid: await this.start(trx, link.email), email: link.email };
    });
  }

  /** A new session for an address just verified (a link or an invite spent); returns its id. */
  async start(executor: Executor, email: string): Promise<string> {
    const sid = newToken();
    await executor<VisitorSessionRow>('visitor_sessions').insert({ id_hash: hashToken(sid), email });
    return sid;
  }

  /** The session's visitor, or null when it is unknown or has been idle too long. */
  async validate(sid: unknown): Promise<VisitorRecord | null> {
    if (typeof sid !== 'string' || sid.length < 20 || sid.length > 100) return null;
    const idHash = hashToken(sid);
    const row = await this.db<VisitorSessionRow>('visitor_sessions').where({ id_hash: idHash }).first();
    if (!row) return null;
    const now = Date.now();
    const lastSeen = new Date(row.last_seen_at).getTime();
    if (lastSeen + VISITOR_SESSION_IDLE_MS <= now) {
      await this.db<VisitorSessionRow>('visitor_sessions').where({ id_hash: idHash }).delete();
      return null;
    }
    if (now - lastSeen > TOUCH_INTERVAL_MS) {
      await this.db<VisitorSessionRow>('visitor_sessions')
        .where({ id_hash: idHash })
        .update({ last_seen_at: new Date(now) });
    }
    return { email: row.email, idHash };
  }

  async end(idHash: string): Promise<void> {
    await this.db<VisitorSessionRow>('visitor_sessions').where({ id_hash: idHash }).delete();
  }

  /** Ends the session a cookie names, whatever state it is in; nothing when it names none. */
  async endByCookie(sid: unknown): Promise<void> {
    if (typeof sid === 'string') await this.end(hashToken(sid));
  }

  /** Removes idle sessions and links past their time; run now and then so the tables stay small. */
  async prune(): Promise<void> {
    await this.db<VisitorSessionRow>('visitor_sessions')
      .where('last_seen_at', '<=', new Date(Date.now() - VISITOR_SESSION_IDLE_MS))
      .delete();
    await this.db<VisitorSignInLinkRow>('visitor_sign_in_links')
      .where('expires_at', '<=', new Date())
      .delete();
  }
}
