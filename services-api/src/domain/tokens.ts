import { createHash } from 'node:crypto';

/**
 * What is stored of a secret token (a session, an invite or setup link): its SHA-256. The tokens
 * are long and random, so a fast hash is enough, and a leaked table opens nothing.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
