import type { ReminderSummary } from '@msp/shared';
import type { Executor } from '../../db/knex.js';
import type { ReminderOptOutRow } from '../../db/tables.js';

/** A reminder's status, as the person's data export says it. */
type ReminderStatus = 'scheduled' | 'sent' | 'skipped' | 'failed';

/** The reminders of these submissions, oldest due first. */
export async function remindersOf(
  db: Executor,
  submissionIds: readonly string[],
): Promise<{ submissionId: string; dueAt: string; status: ReminderStatus }[]> {
  if (submissionIds.length === 0) return [];
  const rows = await db('jobs')
    .where({ kind: 'reassess_reminder' })
    .whereIn('submission_id', submissionIds)
    .orderBy('created_at')
    .select<
      {
        submission_id: string;
        status: string;
        payload: { skipped?: boolean };
        created_at: Date;
        run_at: Date;
        finished_at: Date | null;
      }[]
    >('submission_id', 'status', 'payload', 'created_at', 'run_at', 'finished_at');
  return rows.map((row) => ({
    submissionId: row.submission_id,
    // A finished reminder's run_at is its last attempt's lease; when it ended says when it was due.
    dueAt: new Date(row.finished_at ?? row.run_at).toISOString(),
    status:
      row.status === 'succeeded'
        ? row.payload?.skipped
          ? 'skipped'
          : 'sent'
        : row.status === 'failed'
          ? 'failed'
          : 'scheduled',
  }));
}

/** When the address unsubscribed, or null. */
export async function optOutOf(db: Executor, email: string): Promise<Date | null> {
  const row = await db<ReminderOptOutRow>('reminder_opt_outs').where({ email }).first();
  return row ? new Date(row.unsubscribed_at) : null;
}

/**
 * Unsubscribes an address (from now: a later submission's tick asks anew), or subscribes it again,
 * which wakes the reminders it had already asked for.
 */
export async function setSubscribed(db: Executor, email: string, subscribed: boolean): Promise<void> {
  if (subscribed) {
    await db<ReminderOptOutRow>('reminder_opt_outs').where({ email }).delete();
    return;
  }
  await db('reminder_opt_outs')
    .insert({ email, unsubscribed_at: db.fn.now() })
    .onConflict('email')
    .merge({ unsubscribed_at: db.fn.now() });
}

/**
 * The next reminder still to come for an address that it has not unsubscribed from: one made at a
 * submission after the opt-out, when there is one.
 */
export async function nextReminderOf(db: Executor, email: string): Promise<Date | null> {
  const row = await db('jobs as j')
    .join('submissions as s', 's.id', 'j.submission_id')
    .leftJoin('reminder_opt_outs as o', 'o.email', 's.email')
    .where({ 'j.kind': 'reassess_reminder', 'j.status': 'queued', 's.email': email })
    .where((q) => q.whereNull('o.email').orWhereRaw('s.submitted_at > o.unsubscribed_at'))
    .min<{ next: Date | null }>('j.run_at as next')
    .first();
  return row?.next ? new Date(row.next) : null;
}

/** Who is waiting for a reminder, for the admin: the reminders still to come, without opted-out ones. */
export async function reminderSummary(db: Executor): Promise<ReminderSummary> {
  const [waiting, unsubscribed] = await Promise.all([
    db('jobs as j')
      .join('submissions as s', 's.id', 'j.submission_id')
      .leftJoin('reminder_opt_outs as o', 'o.email', 's.email')
      .where({ 'j.kind': 'reassess_reminder', 'j.status': 'queued' })
      .where((q) => q.whereNull('o.email').orWhereRaw('s.submitted_at > o.unsubscribed_at'))
      .first<{ opted_in: string; scheduled: string; next: Date | null }>(
        db.raw('count(DISTINCT s.email) AS opted_in'),
        db.raw('count(*) AS scheduled'),
        db.raw('min(j.run_at) AS next'),
      ),
    db('reminder_opt_outs').count<{ count: string }[]>({ count: '*' }).first(),
  ]);
  return {
    optedIn: Number(waiting?.opted_in ?? 0),
    scheduled: Number(waiting?.scheduled ?? 0),
    nextDueAt: waiting?.next ? new Date(waiting.next).toISOString() : null,
    unsubscribed: Number(unsubscribed?.count ?? 0),
  };
}
