import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token in a reminder's links: the submission that asked for the reminder and a signature of
 * it. It needs no row of its own and lives as long as the submission: a reminder read weeks later
 * still unsubscribes, and an erased submission's links stop working with it.
 */
export class ReminderTokens {
  constructor(private readonly secret: string) {}

  private signatureOf(submissionId: string): string {
    // A purpose of its own: the secret also signs session cookies.
    return createHmac('sha256', this.secret)
      .update(`reminder:${submissionId}`)
      .digest('base64url')
      .slice(0, 32);
  }

  issue(submissionId: string): string {
    return `${submissionId}.${this.signatureOf(submissionId)}`;
  }

  /** The submission a token names, or null when its signature is not ours. */
  verify(token: string): string | null {
    const [submissionId, signature] = token.split('.');
    if (!submissionId || !signature) return null;
    const expected = Buffer.from(this.signatureOf(submissionId));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? submissionId : null;
  }
}
