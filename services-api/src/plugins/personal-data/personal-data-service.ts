import type { PersonalDataDeleted, PersonalDataExport, PersonalDataMatches } from '@msp/shared';
import type { Database, Executor } from '../../db/knex.js';
import type { ReminderOptOutRow, VisitorSessionRow, VisitorSignInLinkRow } from '../../db/tables.js';
import type { AuditWriter } from '../../http/audit-trail.js';
import { remindersOf } from '../reminders/reminder-store.js';
import { getSubmissionDetail } from '../submissions/admin/admin-submissions-service.js';
import { forgetSubmissionCopies, type SubmissionCopies } from '../submissions/follow-ups/email.js';
import { deliveriesOf } from '../submissions/follow-ups/webhook.js';
import { deleteSubmissionRows } from '../submissions/submission-deletes.js';
import { submissionsOfEmail } from '../submissions/submission-reads.js';
import { emailDomainOf } from '../../domain/email-domains.js';
import { draftsOf } from '../../db/drafts-of.js';
import { deleteTeamData, teamDataOf } from '../teams/team-personal-data.js';

/** The submissions of one email address (given trimmed and lower case), oldest first. */
function ofEmail(db: Executor, email: string) {
  return submissionsOfEmail(db, email).orderBy([{ column: 'submitted_at' }, { column: 'id' }]);
}

/**
 * What the audit trail keeps of whose data it was: the domain and never the address. The trail
 * outlives an erasure and can never be edited, so it must not hold the address it erased, nor a
 * hash of it (an address is guessed and hashed in no time); the domain names a company, not a
 * person, and says enough to find the request it answered.
 */
export function auditedPerson(email: string): { emailDomain: string | null } {
  return { emailDomain: emailDomainOf(email) };
}

/** The submissions of an address, newest first, and its saved draft, as the admin's look-up lists them. */
export async function findPersonalData(db: Database, email: string): Promise<PersonalDataMatches> {
  const [rows, draft] = await Promise.all([
    ofEmail(db, email).select<{ id: string; submitted_at: Date; demographic_data: Record<string, string> }[]>(
      'id',
      'submitted_at',
      'demographic_data',
    ),
    draftsOf(db, [email]).first('updated_at', 'answered_count', 'question_count'),
  ]);
  return {
    email,
    draft: draft
      ? {
          updatedAt: new Date(draft.updated_at).toISOString(),
          answeredCount: draft.answered_count,
          questionCount: draft.question_count,
        }
      : null,
    submissions: rows.reverse().map((row) => {
      const data = row.demographic_data ?? {};
      const name = [data.first_name, data.last_name].filter(Boolean).join(' ');
      return {
        id: row.id,
        submittedAt: new Date(row.submitted_at).toISOString(),
        name: name || null,
        company: data.company || null,
      };
    }),
  };
}

/**
 * Everything stored about an address: each submission as the admin's detail shows it (answers,
 * scores, demographics, attribution, times, analysis, webhook deliveries) with the results emails
 * sent about it, the sign-in links and visitor sessions of "Your assessments", and the draft saved
 * with "Continue later".
 */
export async function exportPersonalData(db: Database, email: string): Promise<PersonalDataExport> {
  const ids = await ofEmail(db, email).pluck<string[]>('id');
  const submissions = [];
  // One at a time: a person has a handful, and each read is several queries of its own.
  for (const id of ids) {
    const { analysisPending: _pending, ...detail } = await getSubmissionDetail(db, id);
    submissions.push({ ...detail, emailDeliveries: await deliveriesOf(db, id, 'email') });
  }
  const iso = (value: Date | string) => new Date(value).toISOString();
  const [sessions, links, reminders, optOut, drafts, team] = await Promise.all([
    db<VisitorSessionRow>('visitor_sessions').where({ email }).orderBy('created_at'),
    db<VisitorSignInLinkRow>('visitor_sign_in_links').where({ email }).orderBy('created_at'),
    remindersOf(db, ids),
    db<ReminderOptOutRow>('reminder_opt_outs').where({ email }).first(),
    draftsOf(db, [email]).orderBy('created_at'),
    teamDataOf(db, email),
  ]);
  return {
    email,
    exportedAt: new Date().toISOString(),
    submissions,
    visitorSessions: sessions.map((row) => ({
      createdAt: iso(row.created_at),
      lastSeenAt: iso(row.last_seen_at),
    })),
    signInLinks: links.map((row) => ({
      createdAt: iso(row.created_at),
      expiresAt: iso(row.expires_at),
      usedAt: row.used_at === null ? null : iso(row.used_at),
    })),
    reminders,
    remindersUnsubscribedAt: optOut ? iso(optOut.unsubscribed_at) : null,
    drafts: drafts.map((row) => ({
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      demographics: row.demographic_data,
      answers: row.answers,
      consentStatementId: row.consent_statement_id,
      language: row.language,
      answeredCount: row.answered_count,
      questionCount: row.question_count,
    })),
    ...team,
  };
}

/**
 * Deletes every submission of an address, with all that hangs off them and their share of the
 * aggregates, its sign-in links, visitor sessions, reminder opt-out, saved draft, team choices and
 * invites (received and sent), and records it,
 * in one transaction: all of them or none. Then removes the outbox's copies of their results emails.
 */
export async function deletePersonalData(
  db: Database,
  copies: SubmissionCopies,
  email: string,
  audit: AuditWriter,
): Promise<PersonalDataDeleted> {
  const { deleted, ids } = await db.transaction(async (trx) => {
    const found = await ofEmail(trx, email).forUpdate().pluck<string[]>('id');
    const count = await deleteSubmissionRows(trx, found);
    // The address's sign-in links and sessions go with its submissions: nothing is left to sign in to.
    await trx<VisitorSessionRow>('visitor_sessions').where({ email }).delete();
    await trx<VisitorSignInLinkRow>('visitor_sign_in_links').where({ email }).delete();
    // Its reminders are jobs of its submissions, gone with them; the opt-out names the address.
    await trx<ReminderOptOutRow>('reminder_opt_outs').where({ email }).delete();
    await draftsOf(trx, [email]).delete();
    await deleteTeamData(trx, email);
    await audit(trx, { summary: { ...auditedPerson(email), deleted: count, submissionIds: found } });
    return { deleted: count, ids: found };
  });
  // Once the rows are gone for good: the outbox's copies of their results emails.
  await forgetSubmissionCopies(copies, ids);
  return { deleted };
}
