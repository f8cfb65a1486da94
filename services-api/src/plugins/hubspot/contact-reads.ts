import type { Executor } from '../../db/knex.js';
import type { ContactRow } from './product-fields.js';

/**
 * What a contact is made of, per submission: its lead status by name, and each pillar's level from
 * the cells the submit wrote (or, on rows stored before them, from the scores), as the export reads.
 */
const CONTACT_COLUMNS = `s.id, s.email, s.submitted_at::text AS walk_at, s.demographic_data, s.overall_level, s.utm_source,
  s.utm_campaign, ls.name AS lead_status,
  COALESCE(s.pillar_score_cells, (
    SELECT jsonb_agg(jsonb_build_array(ps.pillar_key, ps.level, ps.percentage) ORDER BY ps.pillar_order)
    FROM submission_pillar_scores ps WHERE ps.submission_id = s.id)) AS pillar_cells`;

/**
 * The contacts to send for changed submissions: a contact stands for an address, and shows the
 * newest assessment of that address, so each address's newest submission is read (by the person
 * index), whichever of its submissions changed. `skipped` counts the submissions without an
 * address; deleted ones are simply not found.
 */
export async function newestOfTheirAddresses(
  db: Executor,
  submissionIds: readonly string[],
): Promise<{ rows: ContactRow[]; skipped: number }> {
  if (submissionIds.length === 0) return { rows: [], skipped: 0 };
  const changed = await db('submissions')
    .whereIn('id', [...submissionIds])
    .select<{ email: string | null }[]>('email');
  const addresses = [...new Set(changed.flatMap((row) => (row.email ? [row.email.toLowerCase()] : [])))];
  const skipped = changed.length - changed.filter((row) => row.email).length;
  if (addresses.length === 0) return { rows: [], skipped };
  const { rows } = await db.raw<{ rows: ContactRow[] }>(
    `SELECT DISTINCT ON (lower(s.email)) ${CONTACT_COLUMNS}
     FROM submissions s JOIN lead_statuses ls ON ls.id = s.lead_status_id
     WHERE s.email IS NOT NULL AND lower(s.email) = ANY(?::text[])
     ORDER BY lower(s.email), s.submitted_at DESC, s.id DESC`,
    [addresses],
  );
  return { rows, skipped };
}

/**
 * Where a walk through every submission is: after this one, in (submitted_at, id) order. The time
 * is PostgreSQL's text, to the microsecond: a Date's milliseconds would put a row back before
 * itself and send it again.
 */
export interface WalkPosition {
  at: string;
  id: string;
}

/**
 * The next `limit` submissions of a walk through all of them submitted until `until`, oldest
 * first (by the list's own index), so an address's newest submission is the last one sent.
 */
export async function submissionsAfter(
  db: Executor,
  after: WalkPosition | null,
  until: string,
  limit: number,
): Promise<ContactRow[]> {
  const { rows } = await db.raw<{ rows: ContactRow[] }>(
    `SELECT ${CONTACT_COLUMNS}
     FROM submissions s JOIN lead_statuses ls ON ls.id = s.lead_status_id
     WHERE s.submitted_at <= ?::timestamptz
       ${after ? 'AND (s.submitted_at, s.id) > (?::timestamptz, ?::uuid)' : ''}
     ORDER BY s.submitted_at, s.id
     LIMIT ?`,
    [until, ...(after ? [after.at, after.id] : []), limit],
  );
  return rows;
}

/** How many submissions there are now: what a walk started in this transaction goes through. */
export async function countSubmissionsNow(db: Executor): Promise<number> {
  const row = await db('submissions')
    .where('submitted_at', '<=', db.fn.now())
    .count<{ count: string | number }[]>({ count: '*' })
    .first();
  return Number(row?.count ?? 0);
}
