import type {
  NotificationFilter,
  NotificationMode,
  NotificationPreferences,
  SaveNotificationPreferencesRequest,
} from '@msp/shared';
import type { z } from 'zod';
import type { Executor } from '../../db/knex.js';
import type { UserRow } from '../../db/tables.js';
import { NotFoundError } from '../../domain/errors.js';
import type { AuditWriter } from '../../http/audit-trail.js';

/** The channel a change of anyone's choices is announced on: every instance re-reads who listens. */
export const NOTIFICATIONS_CHANNEL = 'notifications_changed';

export interface NotificationRow {
  user_id: number;
  mode: NotificationMode;
  filter: Partial<NotificationFilter>;
  digest_hour: number;
  time_zone: string;
  assigned_email: boolean;
  due_email: boolean;
  digest_sent_until: Date | null;
}

/** Nobody is emailed until they choose to be; assignments and due steps are on until turned off. */
const DEFAULTS: Omit<NotificationRow, 'user_id' | 'digest_sent_until'> = {
  mode: 'none',
  filter: {},
  digest_hour: 8,
  time_zone: 'UTC',
  assigned_email: true,
  due_email: true,
};

/** An administrator's choices, or the defaults when they never made one. */
export async function notificationRowOf(
  db: Executor,
  userId: number,
): Promise<NotificationRow & { saved?: boolean }> {
  const row = await db<NotificationRow>('admin_notifications').where({ user_id: userId }).first();
  return row ?? { user_id: userId, ...DEFAULTS, digest_sent_until: null, saved: false };
}

export function filterOf(row: Pick<NotificationRow, 'filter'>): NotificationFilter {
  return {
    overallLevels: row.filter.overallLevels ?? [],
    source: row.filter.source ?? '',
    campaign: row.filter.campaign ?? '',
    demographics: row.filter.demographics ?? {},
  };
}

function toPreferences(row: NotificationRow & { saved?: boolean }, email: string): NotificationPreferences {
  return {
    mode: row.mode,
    filter: filterOf(row),
    digestHour: row.digest_hour,
    timeZone: row.time_zone,
    assignedEmail: row.assigned_email,
    dueEmail: row.due_email,
    email,
    saved: row.saved ?? true,
  };
}

async function requireUser(db: Executor, userId: number): Promise<Pick<UserRow, 'email'>> {
  const user = await db<UserRow>('users').where({ id: userId }).first('email');
  if (!user) throw new NotFoundError('User not found');
  return user;
}

export async function readNotificationPreferences(
  db: Executor,
  userId: number,
): Promise<NotificationPreferences> {
  const user = await requireUser(db, userId);
  return toPreferences(await notificationRowOf(db, userId), user.email);
}

/**
 * Saves an administrator's choices. A digest chosen now starts from now: it never sends what came
 * in before it was asked for.
 */
export async function saveNotificationPreferences(
  db: Executor,
  userId: number,
  body: z.output<typeof SaveNotificationPreferencesRequest>,
  audit: AuditWriter,
): Promise<NotificationPreferences> {
  const user = await requireUser(db, userId);
  const values = {
    mode: body.mode,
    filter: JSON.stringify(body.filter),
    digest_hour: body.digestHour,
    time_zone: body.timeZone,
    assigned_email: body.assignedEmail,
    due_email: body.dueEmail,
    updated_at: db.fn.now(),
  };
  await db('admin_notifications')
    .insert({ user_id: userId, ...values, digest_sent_until: db.fn.now() })
    .onConflict('user_id')
    .merge({
      ...values,
      digest_sent_until: db.raw(
        "CASE WHEN admin_notifications.mode = 'digest' THEN admin_notifications.digest_sent_until ELSE now() END",
      ),
    });
  await db.raw(`NOTIFY ${NOTIFICATIONS_CHANNEL}`);
  // The filter's values may be a person's (a company): the trail keeps what was chosen, not them.
  await audit(db, {
    targetId: userId,
    summary: {
      mode: body.mode,
      filtered: body.mode === 'matching',
      digestHour: body.digestHour,
      timeZone: body.timeZone,
      assignedEmail: body.assignedEmail,
      dueEmail: body.dueEmail,
    },
  });
  return toPreferences(await notificationRowOf(db, userId), user.email);
}

/** Stops every lead email to an administrator: their one-click unsubscribe. */
export async function unsubscribeAll(db: Executor, userId: number): Promise<void> {
  await db('admin_notifications')
    .insert({ user_id: userId, ...DEFAULTS, mode: 'none', assigned_email: false, due_email: false })
    .onConflict('user_id')
    .merge({ mode: 'none', assigned_email: false, due_email: false, updated_at: db.fn.now() });
  await db.raw(`NOTIFY ${NOTIFICATIONS_CHANNEL}`);
}
