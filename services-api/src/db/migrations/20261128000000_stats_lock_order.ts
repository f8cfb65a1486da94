import type { Knex } from 'knex';
import { STATS_SHARDS } from './20261124000000_submission_admin.js';

/**
 * The aggregate triggers of the first two stats migrations upserted their rows in whatever order
 * the grouping produced, and that order changes with the plan (a batch of one is grouped by
 * sorting, a batch of fifty by hashing). Two group-committed submits landing on the same shard
 * could then take the same rows in opposite orders and deadlock: PostgreSQL waits a second
 * (deadlock_timeout) before it notices, stalling every submit behind them, and then fails one of
 * the two with a 500. Each upsert now takes its rows in key order, as the later stats triggers
 * already did, so concurrent submits wait on each other but never deadlock. The functions are
 * replaced in place; the triggers that call them stay as they are.
 */
function functions(ordered: boolean): string[] {
  const order = (keys: string) => (ordered ? ` ORDER BY ${keys}` : '');
  return [
    `CREATE OR REPLACE FUNCTION submission_stats_count() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sign integer := TG_ARGV[0]::integer;
      pick smallint := floor(random() * ${STATS_SHARDS});
    BEGIN
      INSERT INTO submission_stats_monthly AS m (month, shard, submissions)
        SELECT date_trunc('month', submitted_at AT TIME ZONE 'UTC')::date, pick, sign * count(*)
        FROM changed GROUP BY 1${order('1')}
        ON CONFLICT (month, shard) DO UPDATE SET submissions = m.submissions + excluded.submissions;
      INSERT INTO submission_stats_domains AS d (email_domain, shard, submissions)
        SELECT email_domain, pick, sign * count(*)
        FROM changed WHERE email_domain IS NOT NULL GROUP BY 1${order('1')}
        ON CONFLICT (email_domain, shard) DO UPDATE SET submissions = d.submissions + excluded.submissions;
      RETURN NULL;
    END $$`,
    `CREATE OR REPLACE FUNCTION submission_stats_pillars() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sign integer := TG_ARGV[0]::integer;
      pick smallint := floor(random() * ${STATS_SHARDS});
    BEGIN
      INSERT INTO submission_stats_pillars AS p (pillar_id, shard, pillar_name, level_sum, scores)
        SELECT pillar_id, pick, max(pillar_name), sign * sum(level), sign * count(*)
        FROM changed GROUP BY 1${order('1')}
        ON CONFLICT (pillar_id, shard) DO UPDATE SET
          level_sum = p.level_sum + excluded.level_sum,
          scores = p.scores + excluded.scores,
          pillar_name = CASE WHEN sign > 0 THEN excluded.pillar_name ELSE p.pillar_name END;
      RETURN NULL;
    END $$`,
    `CREATE OR REPLACE FUNCTION submission_stats_groups() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sign integer := TG_ARGV[0]::integer;
      pick smallint := floor(random() * ${STATS_SHARDS});
    BEGIN
      INSERT INTO submission_stats_groups AS g (employee_count, managed_companies, banner_level, shard, submissions)
        SELECT coalesce(employee_count, ''), coalesce(managed_companies, ''), banner_level, pick, sign * count(*)
        FROM changed GROUP BY 1, 2, 3${order('1, 2, 3')}
        ON CONFLICT (employee_count, managed_companies, banner_level, shard)
        DO UPDATE SET submissions = g.submissions + excluded.submissions;
      RETURN NULL;
    END $$`,
    `CREATE OR REPLACE FUNCTION submission_stats_group_pillars() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sign integer := TG_ARGV[0]::integer;
      pick smallint := floor(random() * ${STATS_SHARDS});
    BEGIN
      INSERT INTO submission_stats_group_pillars AS p
          (employee_count, managed_companies, pillar_id, shard, score_sum, scores)
        SELECT coalesce(employee_count, ''), coalesce(managed_companies, ''), pillar_id, pick,
          sign * sum(normalized_score::numeric), sign * count(*)
        FROM changed GROUP BY 1, 2, 3${order('1, 2, 3')}
        ON CONFLICT (employee_count, managed_companies, pillar_id, shard) DO UPDATE SET
          score_sum = p.score_sum + excluded.score_sum,
          scores = p.scores + excluded.scores;
      RETURN NULL;
    END $$`,
  ];
}

export async function up(knex: Knex): Promise<void> {
  for (const sql of functions(true)) await knex.raw(sql);
}

export async function down(knex: Knex): Promise<void> {
  for (const sql of functions(false)) await knex.raw(sql);
}
