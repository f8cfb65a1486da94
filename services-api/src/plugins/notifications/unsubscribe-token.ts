import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of an administrator's one-click unsubscribe: their id and a signature of it. It needs
 * no row: any lead email they ever got stops all of them, for as long as the account exists.
 */
export class UnsubscribeTokens {
  constructor(private readonly secret: string) {}

  private signatureOf(userId: number): string {
    // A purpose of its own: the secret also signs session cookies and reminder links.
    return createHmac('sha256', this.secret)
      .update(`lead-notifications:${userId}`)
      .digest('base64url')
      .slice(0, 32);
  }

  issue(userId: number): string {
    return `${userId}.${this.signatureOf(userId)}`;
  }

  /** The administrator a token names, or null when its signature is not ours. */
  verify(token: string): number | null {
    const [id, signature] = token.split('.');
    if (!id || !signature || !/^[1-9][0-9]{0,9}$/.test(id)) return null;
    const expected = Buffer.from(this.signatureOf(Number(id)));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? Number(id) : null;
  }
}
