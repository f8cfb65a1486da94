import type { Plugin } from '@hapi/hapi';
import { notificationRoutes, rolesWith } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { NotFoundError } from '../../domain/errors.js';
import { auditWriter, recordAudit } from '../../http/audit-trail.js';
import { contractRoute, DELETED } from '../../http/route-adapter.js';
import type { Database } from '../../db/knex.js';
import type { NewJob } from '../../jobs/job-store.js';
import type { Logger } from '../../logger.js';
import { cookieSecret } from '../auth/app-secrets.js';
import { createSecretBox } from '../../domain/secret-box.js';
import { deleteChatWebhook, describeChatWebhook, saveChatWebhook, testChatWebhook } from './chat-webhook.js';
import {
  chatNotificationHandler,
  leadClockHandler,
  leadEmailHandler,
  leadNotificationHandler,
  leadNotificationJob,
  startLeadClock,
} from './notification-jobs.js';
import {
  NOTIFICATIONS_CHANNEL,
  readNotificationPreferences,
  saveNotificationPreferences,
  unsubscribeAll,
} from './preferences.js';
import { UnsubscribeTokens } from './unsubscribe-token.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    /** What notifications lend the submit, which sits below them: the job a new submission queues. */
    notifications?: { newSubmissionJobs: (submissionId: string) => NewJob[] };
  }
}

/**
 * Whether anyone is told of each new submission (an administrator emailed of every one or of those
 * matching their filter, or the chat channel), kept in memory so the submit never reads it: every
 * instance reads it again when anyone's choice changes (NOTIFY) and on reconnecting.
 */
class Listeners {
  private anyone = false;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
  ) {}

  async refresh(): Promise<void> {
    try {
      const [admin, chat] = await Promise.all([
        this.db('admin_notifications as n')
          .join('users as u', 'u.id', 'n.user_id')
          .whereIn('n.mode', ['every', 'matching'])
          .whereIn('u.role', rolesWith('read-leads'))
          .where({ 'u.status': 'approved' })
          .first('n.user_id'),
        this.db('chat_webhook').first('id'),
      ]);
      this.anyone = Boolean(admin || chat);
    } catch (error) {
      // Telling too many is cheap (the job finds nobody); missing a lead is not.
      this.anyone = true;
      this.logger.warn(
        { err: error },
        'Could not read who is told of new submissions; telling anyone who asked',
      );
    }
  }

  jobsFor(submissionId: string): NewJob[] {
    return this.anyone ? [leadNotificationJob(submissionId)] : [];
  }
}

/**
 * Telling the team (issue 41): each administrator's emails (every new submission, the matching
 * ones, a daily digest, leads given to them, next steps due), the one-click unsubscribe, and the
 * chat channel. All of it is sent by the jobs outbox, once across instances.
 */
export const notificationsPlugin: Plugin<AppContext> = {
  name: 'notifications',
  dependencies: ['auth'],
  async register(server, { db, config, jobs, changes, logger, mailer }) {
    const secret = await cookieSecret(db, config.sessionSecret, logger);
    const box = createSecretBox(secret, 'chat-webhook');
    const tokens = new UnsubscribeTokens(secret);
    const listeners = new Listeners(db, logger);
    await listeners.refresh();
    changes.on(NOTIFICATIONS_CHANNEL, () => void listeners.refresh());
    server.expose('newSubmissionJobs', (submissionId: string) => listeners.jobsFor(submissionId));

    const deps = { db, mailer, publicUrl: config.publicUrl, box, tokens };
    jobs.handle('lead_notification', leadNotificationHandler(deps));
    jobs.handle('lead_email', leadEmailHandler(deps));
    jobs.handle('chat_notification', chatNotificationHandler(deps));
    jobs.handle('lead_clock', leadClockHandler(deps));
    await startLeadClock(db);
    // This instance's own saves are seen at once; the others' through NOTIFY.
    const refreshed = async <T>(value: T): Promise<T> => {
      await listeners.refresh();
      return value;
    };

    server.route([
      contractRoute(notificationRoutes.getNotificationPreferences, ({ request }) =>
        readNotificationPreferences(db, request.auth.credentials.user!.id),
      ),
      contractRoute(notificationRoutes.saveNotificationPreferences, async ({ body, request }) => {
        const userId = request.auth.credentials.user!.id;
        return refreshed(
          await db.transaction((trx) =>
            saveNotificationPreferences(trx, userId, body, auditWriter(request, { targetId: userId })),
          ),
        );
      }),
      contractRoute(notificationRoutes.unsubscribeNotifications, async ({ query, request }) => {
        const userId = tokens.verify(query.token);
        const user =
          userId === null ? undefined : await db('users').where({ id: userId }).first('id', 'email');
        if (!user) throw new NotFoundError('This unsubscribe link is not valid');
        await db.transaction(async (trx) => {
          await unsubscribeAll(trx, user.id);
          // The one click is the administrator's own, made without a session: named by the link.
          await recordAudit(trx, request, {
            targetId: user.id,
            actor: { kind: 'user', id: user.id, name: user.email },
          });
        });
        return refreshed({ unsubscribed: true as const });
      }),
      contractRoute(notificationRoutes.getChatWebhook, () => describeChatWebhook(db)),
      contractRoute(notificationRoutes.saveChatWebhook, async ({ body, request }) =>
        refreshed(await db.transaction((trx) => saveChatWebhook(trx, box, body, auditWriter(request)))),
      ),
      contractRoute(notificationRoutes.deleteChatWebhook, async ({ request }) => {
        await db.transaction((trx) => deleteChatWebhook(trx, auditWriter(request)));
        return refreshed(DELETED);
      }),
      contractRoute(notificationRoutes.testChatWebhook, async ({ request }) => {
        const result = await testChatWebhook(db, box, config.productName);
        await recordAudit(db, request, {
          summary: { delivered: result.delivered, httpStatus: result.httpStatus },
        });
        return result;
      }),
    ]);
  },
};
