import { personalDomains, personalDomainsStamp } from '../domain/email-domains.js';
import type { Knex } from 'knex';

const BATCH = 5000;
const RECOUNT_BATCH = 500;

/**
 * Puts the personal (free-mail and disposable) domains into the database, where the organisations
 * trigger reads them, whenever the lists shipped with the server differ from the copy there: on the
 * first start, and after an update of either list. A domain the lists newly name stops being an
 * organisation; one they no longer name becomes one, counted from its submissions. One transaction,
 * under a lock, so two instances starting together fill it once.
 */
export async function syncPersonalDomains(db: Knex): Promise<void> {
  const stamp = personalDomainsStamp();
  const current = await db('personal_email_domains_source').where({ id: 1 }).first('lists');
  if (current?.lists !== stamp) await replaceLists(db, stamp, current === undefined);
  await countLeftOver(db);
}

async function replaceLists(db: Knex, stamp: string, first: boolean): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw("SELECT pg_advisory_xact_lock(hashtext('personal_email_domains'))");
    const again = await trx('personal_email_domains_source').where({ id: 1 }).first('lists');
    if (again?.lists === stamp) return;
    const domains = [...personalDomains()];
    await trx.raw(
      'CREATE TEMPORARY TABLE previous_personal ON COMMIT DROP AS SELECT domain FROM personal_email_domains',
    );
    await trx('personal_email_domains').delete();
    for (let start = 0; start < domains.length; start += BATCH) {
      const batch = domains.slice(start, start + BATCH);
      await trx.raw(
        'INSERT INTO personal_email_domains (domain) SELECT unnest(?::text[]) ON CONFLICT DO NOTHING',
        [batch],
      );
    }
    await trx.raw('DELETE FROM organisations o WHERE is_personal_email_domain(o.domain)');
    // Domains that were personal and are no longer, and (on the first fill) every company domain:
    // counted after this transaction, as each count holds its domain's lock until it commits.
    await trx.raw(
      `INSERT INTO organisation_recounts (domain)
       SELECT DISTINCT email_domain FROM submissions s
       WHERE s.email_domain IS NOT NULL AND NOT is_personal_email_domain(s.email_domain)
         AND (? OR EXISTS (SELECT 1 FROM previous_personal p WHERE p.domain = s.email_domain))
       ON CONFLICT DO NOTHING`,
      [first],
    );
    await trx('personal_email_domains_source')
      .insert({ id: 1, lists: stamp, domains: domains.length, loaded_at: new Date() })
      .onConflict('id')
      .merge();
  });
}

/**
 * Counts the domains the lists' change left to count, a few hundred a transaction: each count
 * holds its domain's lock to its commit, and a million held at once would exhaust the lock table.
 * What a stopped server left is finished at the next start.
 */
async function countLeftOver(db: Knex): Promise<void> {
  for (;;) {
    const { rows } = await db.raw<{ rows: unknown[] }>(
      `WITH batch AS (
         DELETE FROM organisation_recounts WHERE domain IN (
           SELECT domain FROM organisation_recounts ORDER BY domain LIMIT ? FOR UPDATE SKIP LOCKED)
         RETURNING domain)
       SELECT organisation_recount(domain) FROM (SELECT domain FROM batch ORDER BY domain) d`,
      [RECOUNT_BATCH],
    );
    if (rows.length === 0) return;
  }
}
