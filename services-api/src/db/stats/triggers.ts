/**
 * The statistics the database keeps as submissions come and go: the SQL of every trigger function
 * in force, in one place. Migrations that shipped keep their own copies (a migration must never
 * change once run); a migration that changes a function copies its new body from here, and
 * `triggers.test.ts` checks that a migrated database runs exactly these.
 *
 * Each function runs once per statement over its transition table (`changed`) and adds to one of
 * `STATS_SHARDS` rows picked at random, so concurrent submits rarely wait on one row; readers sum
 * the shards. Every upsert takes its rows in key order (ORDER BY), so two concurrent statements
 * wait on each other but never deadlock. `TG_ARGV[0]` is the sign: 1 after INSERT, -1 after DELETE.
 */

/** Rows per aggregate key that concurrent statements spread their additions over. */
export const STATS_SHARDS = 4;

const header = (name: string) => `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sign integer := TG_ARGV[0]::integer;
      pick smallint := floor(random() * ${STATS_SHARDS});
    BEGIN`;

/** The sources aggregate's dimensions of a changed submission `c`, each with its value. */
const SOURCE_DIMENSIONS = `(VALUES ('campaign', coalesce(c.utm_campaign, '')),
          ('campaign:' || c.language, coalesce(c.utm_campaign, '')), ('language', c.language),
          ('medium', coalesce(c.utm_medium, '')), ('medium:' || c.language, coalesce(c.utm_medium, '')),
          ('ref', coalesce(c.ref_code, '')), ('ref:' || c.language, coalesce(c.ref_code, '')),
          ('source', coalesce(c.utm_source, '')), ('source:' || c.language, coalesce(c.utm_source, '')))
          d (dimension, value)`;

/** Each trigger function by name, as `CREATE OR REPLACE FUNCTION` statements. */
export const STATS_FUNCTIONS = {
  /** Submissions per month (the trend and the total) and per email domain (the export's list). */
  submission_stats_count: `${header('submission_stats_count')}
      INSERT INTO submission_stats_monthly AS m (month, shard, submissions)
        SELECT date_trunc('month', submitted_at AT TIME ZONE 'UTC')::date, pick, sign * count(*)
        FROM changed GROUP BY 1 ORDER BY 1
        ON CONFLICT (month, shard) DO UPDATE SET submissions = m.submissions + excluded.submissions;
      INSERT INTO submission_stats_domains AS d (email_domain, shard, submissions)
        SELECT email_domain, pick, sign * count(*)
        FROM changed WHERE email_domain IS NOT NULL GROUP BY 1 ORDER BY 1
        ON CONFLICT (email_domain, shard) DO UPDATE SET submissions = d.submissions + excluded.submissions;
      RETURN NULL;
    END $$`,
  /**
   * Each pillar's level sum and count by pillar key (one history across content imports): the
   * analytics' average level per pillar, with the latest id and name it was scored under.
   */
  submission_stats_pillars: `${header('submission_stats_pillars')}
      INSERT INTO submission_stats_pillars AS p (pillar_key, shard, pillar_id, pillar_name, level_sum, scores)
        SELECT pillar_key, pick, max(pillar_id), max(pillar_name), sign * sum(level), sign * count(*)
        FROM changed GROUP BY 1 ORDER BY 1
        ON CONFLICT (pillar_key, shard) DO UPDATE SET
          level_sum = p.level_sum + excluded.level_sum,
          scores = p.scores + excluded.scores,
          pillar_id = CASE WHEN sign > 0 THEN greatest(p.pillar_id, excluded.pillar_id) ELSE p.pillar_id END,
          pillar_name = CASE WHEN sign > 0 THEN excluded.pillar_name ELSE p.pillar_name END;
      RETURN NULL;
    END $$`,
  /** Submissions per peer group (employees, managed companies) and overall level: the comparison. */
  submission_stats_groups: `${header('submission_stats_groups')}
      INSERT INTO submission_stats_groups AS g (employee_count, managed_companies, overall_level, shard, submissions)
        SELECT coalesce(employee_count, ''), coalesce(managed_companies, ''), overall_level, pick, sign * count(*)
        FROM changed GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (employee_count, managed_companies, overall_level, shard)
        DO UPDATE SET submissions = g.submissions + excluded.submissions;
      RETURN NULL;
    END $$`,
  /** Each peer group's pillar score sums by pillar key: the comparison's pillar averages. */
  submission_stats_group_pillars: `${header('submission_stats_group_pillars')}
      INSERT INTO submission_stats_group_pillars AS p
          (employee_count, managed_companies, pillar_key, shard, score_sum, scores)
        SELECT coalesce(employee_count, ''), coalesce(managed_companies, ''), pillar_key, pick,
          sign * sum(normalized_score::numeric), sign * count(*)
        FROM changed GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (employee_count, managed_companies, pillar_key, shard) DO UPDATE SET
          score_sum = p.score_sum + excluded.score_sum,
          scores = p.scores + excluded.scores;
      RETURN NULL;
    END $$`,
  /** Submissions per overall level, and the answers of select and radio demographic fields. */
  submission_stats_answers: `${header('submission_stats_answers')}
      INSERT INTO submission_stats_levels AS l (level, shard, submissions)
        SELECT overall_level, pick, sign * count(*) FROM changed GROUP BY 1 ORDER BY 1
        ON CONFLICT (level, shard) DO UPDATE SET submissions = l.submissions + excluded.submissions;
      INSERT INTO submission_stats_demographics AS d (field, value, shard, submissions)
        SELECT kv.key, kv.value, pick, sign * count(*)
        FROM changed c CROSS JOIN LATERAL jsonb_each_text(c.demographic_data) kv
        WHERE CASE WHEN sign > 0
          THEN EXISTS (SELECT 1 FROM demographic_fields f
            WHERE f.identifier = kv.key AND f.field_type IN ('select', 'radio'))
          ELSE EXISTS (SELECT 1 FROM submission_stats_demographics s
            WHERE s.field = kv.key AND s.value = kv.value)
        END
        -- One lock order for every statement, so concurrent submits wait on each other, never deadlock.
        GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (field, value, shard) DO UPDATE SET submissions = d.submissions + excluded.submissions;
      RETURN NULL;
    END $$`,
  /** Scores per pillar key and level: the key API's level distributions. */
  submission_stats_pillar_levels: `${header('submission_stats_pillar_levels')}
      INSERT INTO submission_stats_pillar_levels AS p (pillar_key, level, shard, scores)
        SELECT pillar_key, level, pick, sign * count(*) FROM changed GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (pillar_key, level, shard) DO UPDATE SET scores = p.scores + excluded.scores;
      RETURN NULL;
    END $$`,
  /**
   * Submissions per source, medium, campaign and referral code ('' where none) and per language, by
   * UTC day and by month: the analytics by source. Each is its own dimension, not their product, so
   * the rows stay few; the four attribution dimensions are kept once more per language
   * (`source:de`), so the analytics narrowed to one language read as few rows as the whole.
   */
  submission_stats_sources: `${header('submission_stats_sources')}
      INSERT INTO submission_stats_sources AS s (dimension, day, value, shard, submissions)
        SELECT d.dimension, (c.submitted_at AT TIME ZONE 'UTC')::date, d.value, pick, sign * count(*)
        FROM changed c CROSS JOIN LATERAL ${SOURCE_DIMENSIONS}
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (dimension, day, value, shard) DO UPDATE SET submissions = s.submissions + excluded.submissions;
      INSERT INTO submission_stats_sources_monthly AS m (dimension, month, value, shard, submissions)
        SELECT d.dimension, date_trunc('month', c.submitted_at AT TIME ZONE 'UTC')::date, d.value, pick,
          sign * count(*)
        FROM changed c CROSS JOIN LATERAL ${SOURCE_DIMENSIONS}
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (dimension, month, value, shard) DO UPDATE SET submissions = m.submissions + excluded.submissions;
      RETURN NULL;
    END $$`,
} as const;

export type StatsFunction = keyof typeof STATS_FUNCTIONS;

/** Which table's inserts and deletes run which function (each has an insert and a delete trigger). */
export const STATS_TRIGGERS: readonly { table: string; fn: StatsFunction }[] = [
  { table: 'submissions', fn: 'submission_stats_count' },
  { table: 'submission_pillar_scores', fn: 'submission_stats_pillars' },
  { table: 'submissions', fn: 'submission_stats_groups' },
  { table: 'submission_pillar_scores', fn: 'submission_stats_group_pillars' },
  { table: 'submissions', fn: 'submission_stats_answers' },
  { table: 'submission_pillar_scores', fn: 'submission_stats_pillar_levels' },
  { table: 'submissions', fn: 'submission_stats_sources' },
];
