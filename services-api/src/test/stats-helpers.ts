import type { Executor } from '../db/knex.js';

const rows = async (db: Executor, sql: string) => (await db.raw<{ rows: unknown[] }>(sql)).rows;

/**
 * The aggregates the triggers keep (`db/stats/`), summed over their shards, beside the same totals
 * counted from the rows: after any insert or delete, `kept` must equal `counted`.
 */
export async function aggregatesAndRows(db: Executor) {
  const kept = {
    monthly: await rows(
      db,
      `SELECT month, sum(submissions)::int AS n
      FROM submission_stats_monthly GROUP BY 1 HAVING sum(submissions) <> 0 ORDER BY 1`,
    ),
    domains: await rows(
      db,
      `SELECT email_domain, sum(submissions)::int AS n
      FROM submission_stats_domains GROUP BY 1 HAVING sum(submissions) <> 0 ORDER BY 1`,
    ),
    levels: await rows(
      db,
      `SELECT level, sum(submissions)::int AS n
      FROM submission_stats_levels GROUP BY 1 HAVING sum(submissions) <> 0 ORDER BY 1`,
    ),
    pillars: await rows(
      db,
      `SELECT pillar_key, sum(level_sum)::int AS level_sum, sum(scores)::int AS n
      FROM submission_stats_pillars GROUP BY 1 HAVING sum(scores) <> 0 ORDER BY 1`,
    ),
    sources: await rows(
      db,
      `SELECT dimension, day, value, sum(submissions)::int AS n
      FROM submission_stats_sources GROUP BY 1, 2, 3 HAVING sum(submissions) <> 0 ORDER BY 1, 2, 3`,
    ),
    groups: await rows(
      db,
      `SELECT employee_count, managed_companies, overall_level, sum(submissions)::int AS n
      FROM submission_stats_groups GROUP BY 1, 2, 3 HAVING sum(submissions) <> 0 ORDER BY 1, 2, 3`,
    ),
    groupPillars: await rows(
      db,
      `SELECT employee_count, managed_companies, pillar_key, sum(score_sum)::text AS score_sum,
        sum(scores)::int AS n
      FROM submission_stats_group_pillars GROUP BY 1, 2, 3 HAVING sum(scores) <> 0 ORDER BY 1, 2, 3`,
    ),
  };
  // Keyed by the submission's own columns, not the copies on its scores.
  const counted = {
    monthly: await rows(
      db,
      `SELECT date_trunc('month', submitted_at AT TIME ZONE 'UTC')::date AS month, count(*)::int AS n
      FROM submissions GROUP BY 1 ORDER BY 1`,
    ),
    domains: await rows(
      db,
      `SELECT email_domain, count(*)::int AS n
      FROM submissions WHERE email_domain IS NOT NULL GROUP BY 1 ORDER BY 1`,
    ),
    levels: await rows(
      db,
      `SELECT overall_level AS level, count(*)::int AS n FROM submissions GROUP BY 1 ORDER BY 1`,
    ),
    pillars: await rows(
      db,
      `SELECT pillar_key, sum(level)::int AS level_sum, count(*)::int AS n
      FROM submission_pillar_scores GROUP BY 1 ORDER BY 1`,
    ),
    sources: await rows(
      db,
      `SELECT d.dimension, (s.submitted_at AT TIME ZONE 'UTC')::date AS day, d.value, count(*)::int AS n
      FROM submissions s CROSS JOIN LATERAL (VALUES ('campaign', coalesce(s.utm_campaign, '')),
        ('campaign:' || s.language, coalesce(s.utm_campaign, '')), ('language', s.language),
        ('medium', coalesce(s.utm_medium, '')), ('medium:' || s.language, coalesce(s.utm_medium, '')),
        ('ref', coalesce(s.ref_code, '')), ('ref:' || s.language, coalesce(s.ref_code, '')),
        ('source', coalesce(s.utm_source, '')), ('source:' || s.language, coalesce(s.utm_source, '')))
        d (dimension, value)
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    ),
    groups: await rows(
      db,
      `SELECT coalesce(employee_count, '') AS employee_count,
        coalesce(managed_companies, '') AS managed_companies, overall_level, count(*)::int AS n
      FROM submissions GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    ),
    groupPillars: await rows(
      db,
      `SELECT coalesce(s.employee_count, '') AS employee_count,
        coalesce(s.managed_companies, '') AS managed_companies, ps.pillar_key,
        sum(ps.normalized_score::numeric)::text AS score_sum, count(*)::int AS n
      FROM submission_pillar_scores ps JOIN submissions s ON s.id = ps.submission_id
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    ),
  };
  return { kept, counted };
}
