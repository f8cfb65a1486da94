import type { Knex } from 'knex';
import type { Database } from '../../../db/knex.js';
import { findUserByEmail, type UserRow } from '../../../db/tables.js';
import { founderOverrides } from '../../users/users-service.js';
import { SsoError, type OidcIdentity } from './id-token.js';

/** PostgreSQL's unique_violation: another sign-in of the same person created the row first. */
const UNIQUE_VIOLATION = '23505';

/** What the server is configured to let a sign-in's email do. */
export interface LinkingRules {
  founderEmail: string | undefined;
  /**
   * OIDC_TRUST_EMAIL: the issuer gives out only addresses its users own. Only then may the email
   * claim pick an existing account or the founder role: on a multi-tenant issuer anyone can give
   * themselves an administrator's address.
   */
  trustEmail: boolean;
}

async function findOrCreate(trx: Knex.Transaction, identity: OidcIdentity, rules: LinkingRules) {
  const linked = await trx<UserRow>('users')
    .where({ oidc_issuer: identity.issuer, oidc_subject: identity.subject })
    .first();
  if (linked) return linked;

  const byEmail = await findUserByEmail(trx, identity.email);
  if (byEmail && !rules.trustEmail) {
    throw new SsoError(
      `${identity.email} already has an account here, and this issuer is not trusted to link it by ` +
        'email (OIDC_TRUST_EMAIL); an administrator can remove that account to let the person sign in ' +
        'with single sign-on',
    );
  }
  if (byEmail) {
    // The same provider naming a different person for this address means the address was
    // reassigned there; handing that person the old account would be a takeover.
    if (
      byEmail.oidc_issuer === identity.issuer &&
      byEmail.oidc_subject &&
      byEmail.oidc_subject !== identity.subject
    ) {
      throw new SsoError(
        `${identity.email} belongs to a user linked to another account at this identity provider`,
      );
    }
    // An account an admin created (or a local one): the trusted address links it to this identity.
    const [row] = await trx<UserRow>('users')
      .where({ id: byEmail.id })
      .update({
        oidc_issuer: identity.issuer,
        oidc_subject: identity.subject,
        updated_at: trx.fn.now(),
      })
      .returning('*');
    return row!;
  }

  const founder = rules.trustEmail ? founderOverrides(identity.email, rules.founderEmail) : undefined;
  const [row] = await trx<UserRow>('users')
    .insert({
      email: identity.email,
      first_name: identity.givenName,
      last_name: identity.familyName,
      profile_image_url: identity.pictureUrl,
      oidc_issuer: identity.issuer,
      oidc_subject: identity.subject,
      role: founder?.role ?? 'user',
      status: founder?.status ?? 'pending',
      is_founder: founder?.is_founder ?? false,
      approved_at: founder ? trx.fn.now() : null,
    })
    .returning('*');
  return row!;
}

/** Fills what the user row lacks from the identity, and applies the founder rule. */
async function complete(trx: Knex.Transaction, user: UserRow, identity: OidcIdentity, rules: LinkingRules) {
  const changes: { -readonly [K in keyof UserRow]?: UserRow[K] | Knex.Raw } = {};
  if (!user.first_name && identity.givenName) changes.first_name = identity.givenName;
  if (!user.last_name && identity.familyName) changes.last_name = identity.familyName;
  if (!user.profile_image_url && identity.pictureUrl) changes.profile_image_url = identity.pictureUrl;
  const founder = rules.trustEmail ? founderOverrides(user.email, rules.founderEmail) : undefined;
  if (founder && !(user.is_founder && user.role === 'admin' && user.status === 'approved')) {
    Object.assign(changes, founder, { approved_at: user.approved_at ?? trx.fn.now() });
  }
  if (Object.keys(changes).length === 0) return user;
  const [row] = await trx<UserRow>('users')
    .where({ id: user.id })
    .update({ ...changes, updated_at: trx.fn.now() })
    .returning('*');
  return row!;
}

/**
 * The user a verified single sign-on identity stands for: the one linked to (issuer, subject);
 * else, from an issuer trusted for email, the one with the same email, which gets linked; else a
 * new user, pending approval. From a trusted issuer the founder address is made an approved admin.
 * Names and picture fill only empty fields, so edits made in the portal stay.
 */
export async function userForIdentity(
  db: Database,
  identity: OidcIdentity,
  rules: LinkingRules,
): Promise<UserRow> {
  const attempt = () =>
    db.transaction(async (trx) => complete(trx, await findOrCreate(trx, identity, rules), identity, rules));
  try {
    return await attempt();
  } catch (error) {
    // Two first sign-ins at once (two tabs): the loser finds the winner's row on a second try.
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) return attempt();
    throw error;
  }
}
