import type {
  ApiKeyPermission,
  PillarPoints,
  StoredAnalysis,
  UserInvite,
  UserRole,
  UserStatus,
} from '@msp/shared';
import type { Executor } from './knex.js';

/**
 * The rows of the tables read and written with plain Knex rather than a model (accounts,
 * sessions, links, keys, settings, submissions), declared once, with the lookups several
 * resources share. Content has Objection models (models/).
 */

export interface UserRow {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  role: UserRole;
  status: UserStatus;
  profile_image_url: string | null;
  is_founder: boolean;
  password_hash: string | null;
  oidc_issuer: string | null;
  oidc_subject: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  approved_at: Date | string | null;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ id }).first();
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ email: email.trim().toLowerCase() }).first();
}

/** A row of the sessions table. */
export interface SessionRow {
  id_hash: string;
  user_id: number;
  created_at: Date | string;
  last_seen_at: Date | string;
  expires_at: Date | string;
  ip_address: string | null;
  user_agent: string | null;
}

/** A row of visitor_sign_in_links (see the visitor_sessions migration). */
export interface VisitorSignInLinkRow {
  token_hash: string;
  email: string;
  created_at: Date | string;
  expires_at: Date | string;
  used_at: Date | string | null;
}

/** A row of reminder_opt_outs: an address that unsubscribed from reminders to reassess, and when. */
export interface ReminderOptOutRow {
  email: string;
  unsubscribed_at: Date | string;
}

/** A row of visitor_sessions: a verified visitor's session, named by its address. */
export interface VisitorSessionRow {
  id_hash: string;
  email: string;
  created_at: Date | string;
  last_seen_at: Date | string;
}

/** A row of assessment_drafts: a visitor's unfinished assessment, saved for "Continue later". */
export interface AssessmentDraftRow {
  id: string | number;
  email: string;
  demographic_data: Record<string, string>;
  answers: Record<string, number>;
  consent_statement_id: number | null;
  language: string;
  answered_count: number;
  question_count: number;
  token_hash: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export type InvitePurpose = UserInvite['purpose'];

/** A row of the user_invites table. */
export interface InviteRow {
  id: number;
  user_id: number;
  token_hash: string;
  purpose: InvitePurpose;
  created_by: number | null;
  created_at: Date | string;
  expires_at: Date | string;
  used_at: Date | string | null;
  revoked_at: Date | string | null;
}

/** A row of `api_keys`: the token itself is never stored. */
export interface ApiKeyRow {
  id: number;
  name: string;
  token_hash: string;
  token_last4: string;
  permission: ApiKeyPermission;
  is_active: boolean;
  last_used_at: Date | string | null;
  created_at: Date | string;
  created_by: number | null;
}

/** A row of the app_settings table. */
export interface AppSettingRow {
  key: string;
  value: string;
  created_at: Date | string;
}

/** A row of languages: a language offered to visitors; exactly one is the default. */
export interface LanguageRow {
  tag: string;
  is_default: boolean;
  created_at: Date | string;
}

/** A row of translations: one unit's text in one language (`shared/src/i18n/units.ts`). */
export interface TranslationRow {
  language: string;
  unit: string;
  text: string;
  /** sha256 (hex) of the source text the translation was made from; null when not known. */
  source_digest: string | null;
  updated_at: Date | string;
}

/** A row of site_settings: one setting an administrator saved; a setting without one is at its default. */
export interface SiteSettingRow {
  section: string;
  key: string;
  value: string;
  updated_at: Date | string;
  updated_by: number | null;
}

/** The one row of branding_logo: the logo as PNG bytes, whatever type was uploaded. */
export interface BrandingLogoRow {
  id: number;
  png: Buffer;
  width: number;
  height: number;
  /** Hex SHA-256 of `png`: the public URL's version and its ETag. */
  digest: string;
  uploaded_type: string;
  uploaded_at: Date | string;
  uploaded_by: number | null;
}

/** A row of consent_statements: the current statement has no `retired_at`. */
export interface ConsentStatementRow {
  id: number;
  text: string;
  created_at: Date | string;
  retired_at: Date | string | null;
}

/** A row of the setup_tokens table. */
export interface SetupTokenRow {
  token_hash: string;
  created_at: Date | string;
  expires_at: Date | string;
  used_at: Date | string | null;
}

/** One answered question as it was scored, frozen into its submission. */
export interface FrozenAnswer {
  questionId: number;
  /** The question's key: the export groups by it, so a content import does not split a column. */
  questionKey: string;
  answerId: number;
  questionOrder: number;
  questionText: string;
  answerText: string;
  answerDescription: string | null;
  allocations: PillarPoints[];
  maxima: PillarPoints[];
}

/**
 * A row of the submissions table. The jsonb columns come back parsed; they are written as
 * `JSON.stringify` text (an array given as is would be sent as a PostgreSQL array).
 */
export interface SubmissionRow {
  id: string;
  submitted_at: Date;
  ip_address: string | null;
  demographic_data: Record<string, string>;
  email: string | null;
  /** Lower-case part of the email after its last @, for the domain filters and exports. */
  email_domain: string | null;
  employee_count: string | null;
  managed_companies: string | null;
  /** The rounded mean of the pillar levels: the level the visitor saw, used everywhere. */
  overall_level: number;
  /** The mean of the pillar percentages: the average score shown beside the level. */
  cumulative_average: number;
  ai_analysis: StoredAnalysis | null;
  /** Where the visit came from (see the attribution migration); null where it brought nothing. */
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  ref_code: string | null;
  referrer_host: string | null;
  landing_path: string | null;
  /** The language the assessment was taken in (an offered tag when it was taken). */
  language: string;
  /** The consent statement as the submitter ticked it, and when (see the consent_statement migration). */
  consent_text: string | null;
  consented_at: Date | string | null;
  /** For the export (see the export_columns migration): the ids of the chosen answers' texts. */
  answer_text_ids: number[] | null;
  /** For the export: each pillar's [key, level, percentage]; null on rows stored before it. */
  pillar_score_cells: [string, number, number][] | null;
  answers: FrozenAnswer[];
  /** The team invite the submission was made from, if any (see the teams migration). */
  team_invite_id?: string | null;
}

/** A row of submission_pillar_scores: one pillar's score, frozen with its submission. */
export interface SubmissionPillarScoreRow {
  submission_id: string;
  pillar_id: number;
  /** The pillar's key: what every figure groups by, so a content import does not split its history. */
  pillar_key: string;
  pillar_name: string;
  pillar_order: number;
  points: number;
  max_points: number;
  percentage: number;
  normalized_score: number;
  level: number;
  /** Copied from the submission, for the comparison's per-group aggregates (see its migration). */
  employee_count: string | null;
  managed_companies: string | null;
}

/** A row of verified_visitors: an address proved its owner's, by a sign-in link or a team invite. */
export interface VerifiedVisitorRow {
  email: string;
  domain: string;
  verified_at: Date | string;
}

/** A row of team_invites: a verified member's invitation to a colleague on the same domain. */
export interface TeamInviteRow {
  id: string;
  domain: string;
  email: string;
  /** An option of the "role" demographic field, which the invitee's assessment starts with. */
  role: string | null;
  invited_by: string;
  token_hash: string;
  /** The language the invite email was written in, and the assessment is opened in. */
  language: string;
  created_at: Date | string;
  sent_at: Date | string;
  send_count: number;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  accepted_at: Date | string | null;
}

/** A row of team_members: a person's choices within their organisation. */
export interface TeamMemberRow {
  email: string;
  domain: string;
  /** Whether colleagues may see this person's name and levels; off until they choose it. */
  shares: boolean;
  left_at: Date | string | null;
  updated_at: Date | string;
}

/** A row of organisations: a company domain's figures, kept by the database (see the teams migration). */
export interface OrganisationRow {
  domain: string;
  members: number;
  submissions: number;
  first_submitted_at: Date | string;
  last_submitted_at: Date | string;
  /** numeric: pg returns it as a string. */
  team_level: string | null;
  team_average: string | null;
  previous_team_average: string | null;
  updated_at: Date | string;
}
