import type { Plugin } from '@hapi/hapi';
import { reminderRoutes, type ReminderPreferences } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/knex.js';
import { NotFoundError } from '../../domain/errors.js';
import { contractRoute } from '../../http/route-adapter.js';
import { cookieSecret } from '../auth/app-secrets.js';
import { readEmailBranding } from '../branding/branding-service.js';
import { readLanguageTexts } from '../languages/languages-service.js';
import { isUuid } from '../submissions/submission-reads.js';
import { reminderHandler } from './reminder-email.js';
import { nextReminderOf, optOutOf, reminderSummary, setSubscribed } from './reminder-store.js';
import { ReminderTokens } from './reminder-token.js';

const DEAD_LINK = 'This reminder link no longer works';

/**
 * Reminders to reassess (issue 39): the job that sends a due reminder, the preferences page's
 * reads and writes and the one-click unsubscribe (opened by a reminder's signed link, no sign-in),
 * and the admin's count of who is waiting for one.
 */
export const remindersPlugin: Plugin<AppContext> = {
  name: 'reminders',
  dependencies: ['submissions'],
  async register(server, { db, cache, config, jobs, mailer, logger }) {
    const tokens = new ReminderTokens(await cookieSecret(db, config.sessionSecret, logger));
    jobs.handle(
      'reassess_reminder',
      reminderHandler({
        db,
        mailer,
        logger,
        tokens,
        productName: config.productName,
        options: {
          publicUrl: config.publicUrl,
          texts: (language) => readLanguageTexts(db, cache, language),
          branding: () => readEmailBranding(db, cache, config),
        },
      }),
    );

    /** The address a reminder link was sent to; a forged token or an erased submission is not found. */
    async function addressOf(token: string): Promise<string> {
      const submissionId = tokens.verify(token);
      const row =
        submissionId && isUuid(submissionId)
          ? await db('submissions').where({ id: submissionId }).first<{ email: string | null }>('email')
          : undefined;
      if (!row?.email) throw new NotFoundError(DEAD_LINK);
      return row.email;
    }

    async function preferencesOf(trx: Executor, email: string): Promise<ReminderPreferences> {
      const [optedOut, next] = await Promise.all([optOutOf(trx, email), nextReminderOf(trx, email)]);
      return {
        email,
        // A submission after the opt-out whose visitor ticked the box again has asked anew.
        subscribed: optedOut === null || next !== null,
        nextReminderAt: next ? next.toISOString() : null,
      };
    }

    server.route([
      contractRoute(reminderRoutes.getReminderPreferences, async ({ query }) =>
        preferencesOf(db, await addressOf(query.token)),
      ),
      contractRoute(reminderRoutes.updateReminderPreferences, async ({ query, body }) => {
        const email = await addressOf(query.token);
        await setSubscribed(db, email, body.subscribed);
        return preferencesOf(db, email);
      }),
      contractRoute(
        reminderRoutes.unsubscribeReminders,
        async ({ query }) => {
          await setSubscribed(db, await addressOf(query.token), false);
          return { subscribed: false as const };
        },
        {
          // RFC 8058: mail systems POST `List-Unsubscribe=One-Click` as a form; the POST is the
          // request, whatever its body says.
          options: {
            payload: {
              parse: true,
              maxBytes: 4096,
              multipart: { output: 'data' },
              allow: [
                'application/x-www-form-urlencoded',
                'multipart/form-data',
                'text/plain',
                'application/json',
              ],
            },
          },
        },
      ),
      contractRoute(reminderRoutes.getReminderSummary, () => reminderSummary(db)),
    ]);
  },
};
