import type { Knex } from 'knex';
import * as content from './20261121000000_content.js';
import * as submissions from './20261121000100_submissions.js';
import * as usersSessions from './20261121000200_users_sessions.js';
import * as questionPillarSetNull from './20261121000300_question_pillar_set_null.js';
import * as submissionValueWidths from './20261123000000_submission_value_widths.js';
import * as submissionAdmin from './20261124000000_submission_admin.js';
import * as comparisonStats from './20261124000100_comparison_stats.js';
import * as jobs from './20261125000000_jobs.js';
import * as apiKeys from './20261126000000_api_keys.js';
import * as submissionLevelStats from './20261126000100_submission_level_stats.js';
import * as userInvites from './20261127000000_user_invites.js';
import * as rateLimits from './20261127000500_rate_limits.js';
import * as statsLockOrder from './20261128000000_stats_lock_order.js';
import * as oneOverallLevel from './20261129000000_one_overall_level.js';
import * as stableKeys from './20261130001900_stable_keys.js';
import * as jobFailuresIndex from './20261130120000_job_failures_index.js';
import * as exportQuestionSet from './20261201000000_export_question_set.js';
import * as submissionAttribution from './20261201100000_submission_attribution.js';
import * as funnelDaily from './20261201200000_funnel_daily.js';
import * as auditEvents from './20261201400000_audit_events.js';
import * as jobUniqueKeys from './20261202100000_job_unique_keys.js';
import * as consentStatement from './20261202200000_consent_statement.js';
import * as exportColumns from './20261203100000_export_columns.js';
import * as siteSettings from './20261204100000_site_settings.js';
import * as partnerFilters from './20261204200000_partner_filters.js';
import * as searchWalkIndex from './20261204210000_search_walk_index.js';
import * as languages from './20261205100000_languages.js';
import * as languageFilters from './20261205200000_language_filters.js';
import * as brandingLogo from './20261206100000_branding_logo.js';
import * as visitorSessions from './20261207100000_visitor_sessions.js';
import * as reminders from './20261208200000_reminders.js';
import * as personIndex from './20261208300000_person_index.js';
import * as visitorActor from './20261208400000_visitor_actor.js';
import * as returningFlag from './20261208500000_returning_flag.js';
import * as teams from './20261209100000_teams.js';
import * as organisationTrendIndex from './20261209200000_organisation_trend_index.js';
import * as organisationAssessmentsIndex from './20261209300000_organisation_assessments_index.js';
import * as leadDesk from './20261210100000_lead_desk.js';
import * as hubspot from './20261210200000_hubspot.js';
import * as leadNotifications from './20261210300000_lead_notifications.js';
import * as salesRole from './20261210400000_sales_role.js';
import * as assessmentDrafts from './20261208100000_assessment_drafts.js';

/**
 * Migrations are imported, not discovered on disk, so the same list runs under tsx, Vitest and a
 * bundled build. Append new migrations; never edit one that has shipped.
 */
const migrations: Record<string, Knex.Migration> = {
  '20261121000000_content': content,
  '20261121000100_submissions': submissions,
  '20261121000200_users_sessions': usersSessions,
  '20261121000300_question_pillar_set_null': questionPillarSetNull,
  '20261123000000_submission_value_widths': submissionValueWidths,
  '20261124000000_submission_admin': submissionAdmin,
  '20261124000100_comparison_stats': comparisonStats,
  '20261125000000_jobs': jobs,
  '20261126000000_api_keys': apiKeys,
  '20261126000100_submission_level_stats': submissionLevelStats,
  '20261127000000_user_invites': userInvites,
  '20261127000500_rate_limits': rateLimits,
  '20261128000000_stats_lock_order': statsLockOrder,
  '20261129000000_one_overall_level': oneOverallLevel,
  '20261130001900_stable_keys': stableKeys,
  '20261130120000_job_failures_index': jobFailuresIndex,
  '20261201000000_export_question_set': exportQuestionSet,
  '20261201100000_submission_attribution': submissionAttribution,
  '20261201200000_funnel_daily': funnelDaily,
  '20261201400000_audit_events': auditEvents,
  '20261202100000_job_unique_keys': jobUniqueKeys,
  '20261202200000_consent_statement': consentStatement,
  '20261203100000_export_columns': exportColumns,
  '20261204100000_site_settings': siteSettings,
  '20261204200000_partner_filters': partnerFilters,
  '20261204210000_search_walk_index': searchWalkIndex,
  '20261205100000_languages': languages,
  '20261205200000_language_filters': languageFilters,
  '20261206100000_branding_logo': brandingLogo,
  '20261207100000_visitor_sessions': visitorSessions,
  '20261208100000_assessment_drafts': assessmentDrafts,
  '20261208200000_reminders': reminders,
  '20261208300000_person_index': personIndex,
  '20261208400000_visitor_actor': visitorActor,
  '20261208500000_returning_flag': returningFlag,
  '20261209100000_teams': teams,
  '20261209200000_organisation_trend_index': organisationTrendIndex,
  '20261209300000_organisation_assessments_index': organisationAssessmentsIndex,
  '20261210100000_lead_desk': leadDesk,
  '20261210200000_hubspot': hubspot,
  '20261210300000_lead_notifications': leadNotifications,
  '20261210400000_sales_role': salesRole,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const migration = migrations[name];
    if (!migration) throw new Error(`Unknown migration ${name}`);
    return migration;
  },
};
