import { emailDomainOf } from '../domain/email-domains.js';
import type { Executor } from './knex.js';

/**
 * Records that an address proved it is its owner's, by a sign-in link or a team invite spent: the
 * operator's organisation view marks such members, and only they see their team.
 */
export async function markVerified(db: Executor, email: string): Promise<void> {
  const address = email.toLowerCase();
  await db('verified_visitors')
    .insert({ email: address, domain: emailDomainOf(address) })
    .onConflict('email')
    .ignore();
}
