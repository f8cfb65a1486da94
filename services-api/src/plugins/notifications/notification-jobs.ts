import { rolesWith, userCan } from '@msp/shared';
import type { Database, Executor } from '../../db/knex.js';
import type { UserRow } from '../../db/tables.js';
import { enqueueJob, enqueueJobOnce, type ClaimedJob, type NewJob } from '../../jobs/job-store.js';
import { JobFailure, type JobHandler } from '../../jobs/job-worker.js';
import { EMAIL_RETRY_DELAYS_MS, WEBHOOK_RETRY_DELAYS_MS } from '../../jobs/retry-schedules.js';
import { MailSendError, type Mailer, type OutgoingEmail } from '../../mail/mailer.js';
import type { SecretBox } from '../../domain/secret-box.js';
import { CHAT_TIMEOUT_MS, newLeadMessage, postChatMessage, readChatTarget } from './chat-webhook.js';
import { assignedEmail, digestEmail, dueEmail, newLeadEmail, type LeadEmailRecipient } from './lead-email.js';
import { leadSummaries, matchesFilter, type FilteredValues } from './lead-summary.js';
import { filterOf, notificationRowOf, type NotificationRow } from './preferences.js';
import type { UnsubscribeTokens } from './unsubscribe-token.js';

/** A new submission's notifications: who is told is worked out when it runs, off the submit's path. */
export function leadNotificationJob(submissionId: string): NewJob {
  return { kind: 'lead_notification', submissionId, maxAttempts: EMAIL_RETRY_DELAYS_MS.length + 1 };
}

type LeadEmailPayload =
  | { type: 'new'; userId: number; matching: boolean }
  | { type: 'digest'; userId: number; until: string }
  | { type: 'assigned'; userId: number; submissionIds: string[]; by: string }
  | { type: 'due'; userId: number; dueOn: string };

function leadEmailJob(payload: LeadEmailPayload, submissionId: string | null = null): NewJob {
  return { kind: 'lead_email', submissionId, payload, maxAttempts: EMAIL_RETRY_DELAYS_MS.length + 1 };
}

/**
 * The email telling an administrator their leads were given to them by someone else (never their
 * own doing), queued in the change's transaction; whether they still want it is asked when it runs.
 */
export async function queueAssignedEmail(
  db: Executor,
  ownerId: number,
  submissionIds: readonly string[],
  by: { kind: 'user' | 'api_key'; id: number; name: string },
): Promise<void> {
  if (submissionIds.length === 0 || (by.kind === 'user' && by.id === ownerId)) return;
  await enqueueJob(
    db,
    leadEmailJob(
      { type: 'assigned', userId: ownerId, submissionIds: [...submissionIds], by: by.name },
      submissionIds.length === 1 ? submissionIds[0]! : null,
    ),
  );
}

/** The hourly clock of digests and due-step mornings: one job per hour, whatever the instances. */
export function leadClockJob(hour: Date): NewJob & { uniqueKey: string } {
  return {
    kind: 'lead_clock',
    submissionId: null,
    payload: { hour: hour.toISOString() },
    maxAttempts: 3,
    uniqueKey: `lead-clock:${hour.toISOString()}`,
    runAt: hour,
  };
}

/** The start of the hour `at` is in. */
export function hourOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
}

/** Starts the clock: this hour's tick, once across instances and restarts. */
export function startLeadClock(db: Executor, now = new Date()): Promise<boolean> {
  return enqueueJobOnce(db, leadClockJob(hourOf(now)));
}

/** An instant's hour and calendar day in a time zone. */
export function localTime(at: Date, timeZone: string): { hour: number; day: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { hour: Number(part('hour')), day: `${part('year')}-${part('month')}-${part('day')}` };
}

/** When a next step's morning email goes: 08:00 in its owner's time zone. */
export const DUE_EMAIL_HOUR = 8;

type AdminWithChoices = NotificationRow & Pick<UserRow, 'email' | 'first_name'>;

/** Everyone who reads the lead desk (every approved user) with their choices (the defaults for those who made none). */
async function adminsWithChoices(db: Executor): Promise<AdminWithChoices[]> {
  const rows = await db('users as u')
    .leftJoin('admin_notifications as n', 'n.user_id', 'u.id')
    .whereIn('u.role', rolesWith('read-leads'))
    .where({ 'u.status': 'approved' })
    .select<(Partial<NotificationRow> & { id: number; email: string; first_name: string | null })[]>(
      'u.id',
      'u.email',
      'u.first_name',
      'n.mode',
      'n.filter',
      'n.digest_hour',
      'n.time_zone',
      'n.assigned_email',
      'n.due_email',
      'n.digest_sent_until',
    );
  return rows.map((row) => ({
    user_id: row.id,
    email: row.email,
    first_name: row.first_name,
    mode: row.mode ?? 'none',
    filter: row.filter ?? {},
    digest_hour: row.digest_hour ?? 8,
    time_zone: row.time_zone ?? 'UTC',
    assigned_email: row.assigned_email ?? true,
    due_email: row.due_email ?? true,
    digest_sent_until: row.digest_sent_until ?? null,
  }));
}

export interface NotificationDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  box: SecretBox;
  tokens: UnsubscribeTokens;
}

/**
 * Works out who hears of a new submission: each administrator who asked for every one or whose
 * filter it matches gets an email job of their own (once each, however often this runs), and the
 * chat channel a post.
 */
export function leadNotificationHandler({ db }: Pick<NotificationDeps, 'db'>): JobHandler {
  return {
    timeoutMs: 30_000,
    retryDelaysMs: EMAIL_RETRY_DELAYS_MS,
    async run(job: ClaimedJob) {
      const submissionId = job.submissionId ?? '';
      const values = await db('submissions')
        .where({ id: submissionId })
        .first<FilteredValues | undefined>('overall_level', 'utm_source', 'utm_campaign', 'demographic_data');
      if (!values) return;
      for (const admin of await adminsWithChoices(db)) {
        const wanted =
          admin.mode === 'every' || (admin.mode === 'matching' && matchesFilter(filterOf(admin), values));
        if (!wanted) continue;
        await enqueueJobOnce(db, {
          ...leadEmailJob(
            { type: 'new', userId: admin.user_id, matching: admin.mode === 'matching' },
            submissionId,
          ),
          uniqueKey: `lead-email:new:${submissionId}:${admin.user_id}`,
        });
      }
      if (await db('chat_webhook').first('id')) {
        await enqueueJobOnce(db, {
          kind: 'chat_notification',
          submissionId,
          maxAttempts: WEBHOOK_RETRY_DELAYS_MS.length + 1,
          uniqueKey: `chat:new:${submissionId}`,
        });
      }
    },
  };
}

/** Posts a new lead to the chat channel, in its service's format. */
export function chatNotificationHandler({
  db,
  box,
  publicUrl,
}: Pick<NotificationDeps, 'db' | 'box' | 'publicUrl'>): JobHandler {
  return {
    timeoutMs: CHAT_TIMEOUT_MS,
    retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
    async run(job: ClaimedJob, signal: AbortSignal) {
      const target = await readChatTarget(db, box);
      if (!target) return;
      const [lead] = await leadSummaries(db, [job.submissionId ?? ''], publicUrl);
      if (!lead) return;
      const result = await postChatMessage(target, newLeadMessage(target.kind, lead), signal);
      if (!result.delivered) {
        throw new JobFailure(result.error ?? 'the chat service refused the message', {
          ...(result.httpStatus === null ? {} : { httpStatus: result.httpStatus }),
          permanent:
            result.httpStatus !== null &&
            result.httpStatus >= 400 &&
            result.httpStatus < 500 &&
            result.httpStatus !== 429,
        });
      }
      return { httpStatus: result.httpStatus ?? 200 };
    },
  };
}

/**
 * Queues, for the hour it ticks, each digest whose hour it is in its administrator's time zone and
 * each due-step email of the mornings it is; then the next hour's tick.
 */
export function leadClockHandler({ db }: Pick<NotificationDeps, 'db'>): JobHandler {
  return {
    timeoutMs: 60_000,
    retryDelaysMs: [60_000, 300_000],
    async run(job: ClaimedJob) {
      const hour = new Date(String(job.payload.hour));
      // The next tick first: a tick that fails for good must not stop the clock.
      await enqueueJobOnce(db, leadClockJob(new Date(hour.getTime() + 3_600_000)));
      for (const admin of await adminsWithChoices(db)) {
        const local = localTime(hour, admin.time_zone);
        if (admin.mode === 'digest' && local.hour === admin.digest_hour) {
          await enqueueJobOnce(db, {
            ...leadEmailJob({ type: 'digest', userId: admin.user_id, until: hour.toISOString() }),
            uniqueKey: `lead-email:digest:${admin.user_id}:${local.day}`,
          });
        }
        if (admin.due_email && local.hour === DUE_EMAIL_HOUR) {
          const due = await db('submissions')
            .where({ lead_owner_id: admin.user_id, next_step_on: local.day })
            .first('id');
          if (due) {
            await enqueueJobOnce(db, {
              ...leadEmailJob({ type: 'due', userId: admin.user_id, dueOn: local.day }),
              uniqueKey: `lead-email:due:${admin.user_id}:${local.day}`,
            });
          }
        }
      }
    },
  };
}

/** Most submissions one digest lists; the rest are counted in the next. */
const DIGEST_MAX = 200;

/** Sends one lead email, if its administrator still wants it when it runs. */
export function leadEmailHandler({ db, mailer, publicUrl, tokens }: NotificationDeps): JobHandler {
  const host = new URL(publicUrl).hostname || 'localhost';
  return {
    timeoutMs: 60_000,
    retryDelaysMs: EMAIL_RETRY_DELAYS_MS,
    async run(job: ClaimedJob) {
      const payload = job.payload as LeadEmailPayload;
      const user = await db<UserRow>('users').where({ id: payload.userId }).first();
      if (!user || !userCan(user, 'read-leads')) return;
      const choices = await notificationRowOf(db, user.id);
      const recipient: LeadEmailRecipient = {
        email: user.email,
        firstName: user.first_name,
        profileUrl: `${publicUrl}/admin/profile`,
        unsubscribeUrl: `${publicUrl}/api/notifications/unsubscribe?token=${tokens.issue(user.id)}`,
      };
      let email: OutgoingEmail | null = null;
      let sentUntil: string | null = null;
      if (payload.type === 'new' && (choices.mode === 'every' || choices.mode === 'matching')) {
        const [lead] = await leadSummaries(db, [job.submissionId ?? ''], publicUrl);
        if (lead) email = newLeadEmail(recipient, lead, payload.matching);
      } else if (payload.type === 'assigned' && choices.assigned_email) {
        const owned = await db('submissions')
          .whereIn('id', payload.submissionIds)
          .where({ lead_owner_id: user.id })
          .pluck('id');
        const leads = await leadSummaries(db, owned as string[], publicUrl);
        if (leads.length > 0) email = assignedEmail(recipient, leads, payload.by);
      } else if (payload.type === 'due' && choices.due_email) {
        const ids = await db('submissions')
          .where({ lead_owner_id: user.id, next_step_on: payload.dueOn })
          .orderBy('submitted_at')
          .limit(DIGEST_MAX)
          .pluck('id');
        const leads = await leadSummaries(db, ids as string[], publicUrl);
        if (leads.length > 0) email = dueEmail(recipient, leads, payload.dueOn);
      } else if (payload.type === 'digest' && choices.mode === 'digest') {
        const since = choices.digest_sent_until ?? new Date(new Date(payload.until).getTime() - 86_400_000);
        const ids = await db('submissions')
          .where('submitted_at', '>=', since)
          .where('submitted_at', '<', payload.until)
          .orderBy([{ column: 'submitted_at' }, { column: 'id' }])
          .limit(DIGEST_MAX)
          .pluck('id');
        const leads = await leadSummaries(db, ids as string[], publicUrl);
        sentUntil =
          leads.length === DIGEST_MAX
            ? new Date(leads.at(-1)!.submittedAt.getTime() + 1).toISOString()
            : payload.until;
        if (leads.length > 0) email = digestEmail(recipient, leads, new Date(since));
      }
      if (email) {
        try {
          await mailer.send({ ...email, messageId: `lead-email-${job.id}@${host}` });
        } catch (error) {
          if (error instanceof MailSendError)
            throw new JobFailure(error.message, { permanent: error.permanent });
          throw error;
        }
      }
      if (sentUntil) {
        await db('admin_notifications').where({ user_id: user.id }).update({ digest_sent_until: sentUntil });
      }
    },
  };
}
