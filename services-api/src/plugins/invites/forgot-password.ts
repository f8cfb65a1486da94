import { escapeHtml, FORGOT_PASSWORD_TTL_MINUTES } from '@msp/shared';
import type { Database } from '../../db/knex.js';
import { findUserByEmail } from '../../db/tables.js';
import { forgetJobPayload, type NewJob } from '../../jobs/job-store.js';
import type { JobHandler } from '../../jobs/job-worker.js';
import type { Logger } from '../../logger.js';
import type { Mailer, OutgoingEmail } from '../../mail/mailer.js';
import { accountEmailHtml, greetingFor, sendThenForget } from './invite-email.js';
import { issueInvite } from './invites-service.js';

export const FORGOT_PASSWORD_TTL_MS = FORGOT_PASSWORD_TTL_MINUTES * 60 * 1000;

/**
 * A lost database is what a retry is for; the link lives 30 minutes, so waiting longer than a few
 * minutes would only deliver a link that is about to expire.
 */
const RETRY_DELAYS_MS = [30_000, 2 * 60_000] as const;

interface PasswordResetPayload {
  /** The address typed on the Forgot password page; erased once the job has run. */
  email?: string;
}

/**
 * A Forgot password request. The request only queues this job, for any address: whether an
 * account has the address is decided here, off the request path, so the page answers alike and as
 * fast either way.
 */
export function passwordResetJob(email: string): NewJob {
  return {
    kind: 'password_reset',
    submissionId: null,
    payload: { email } satisfies PasswordResetPayload,
    maxAttempts: RETRY_DELAYS_MS.length + 1,
  };
}

/** The email to an account that signs in with single sign-on: it has no password to reset. */
export function composeSingleSignOnEmail(input: {
  to: string;
  firstName: string | null;
  productName: string;
  publicUrl: string;
}): Omit<OutgoingEmail, 'messageId'> {
  const greeting = greetingFor(input.firstName);
  const signIn = `${input.publicUrl}/api/login`;
  const lead = `Someone asked to reset the password of your account on ${input.productName}. Your account signs in with single sign-on, so it has no password here to reset.`;
  const how = `Use the single sign-on button on the sign-in page instead: ${signIn}. If you cannot sign in there, ask your administrator. If you did not ask, you can ignore this email.`;
  const text = `${greeting}\n\n${lead}\n\n${how}\n`;
  const html = accountEmailHtml([greeting, lead, how].map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`));
  return { to: input.to, subject: `Signing in to ${input.productName}`, text, html };
}

/**
 * Answers a Forgot password request. A local account with a password gets a reset link through the
 * invite email job; an account that signs in with single sign-on gets an email saying so; an
 * unknown or denied address gets nothing, and so does an account that has never set a password:
 * its only way in is the invite an administrator sent, which a new link would void, and anyone may
 * type its address here. The typed address then leaves the job, so the jobs table keeps no list of
 * the addresses strangers tried.
 */
export function passwordResetHandler(deps: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  productName: string;
  logger: Logger;
  /** Wakes the worker for the invite email this queues. */
  nudge: () => void;
}): JobHandler {
  const { db, mailer, publicUrl, productName, logger } = deps;
  const host = new URL(publicUrl).hostname;
  // The typed address leaves the job once it has run.
  const erase = forgetJobPayload;
  return {
    timeoutMs: 60_000,
    retryDelaysMs: RETRY_DELAYS_MS,
    async run(job) {
      const { email } = job.payload as PasswordResetPayload;
      const log = logger.child({ jobId: job.id });
      if (typeof email !== 'string') return;
      const user = await findUserByEmail(db, email);
      if (!user || user.status === 'denied') {
        await erase(db, job.id);
        log.info('Forgot password: no link sent, the address has no account that may have one');
        return;
      }
      if (user.oidc_subject !== null) {
        const message = composeSingleSignOnEmail({
          to: user.email,
          firstName: user.first_name,
          productName,
          publicUrl,
        });
        await sendThenForget(mailer, { ...message, messageId: `password-reset-${job.id}@${host}` }, job, () =>
          erase(db, job.id),
        );
        log.info({ userId: user.id }, 'Forgot password: told a single sign-on user there is no password');
        return;
      }
      if (user.password_hash === null) {
        await erase(db, job.id);
        log.info({ userId: user.id }, 'Forgot password: no link sent, the account has no password yet');
        return;
      }
      await db.transaction(async (trx) => {
        await issueInvite(trx, user, {
          createdBy: null,
          publicUrl,
          email: true,
          ttlMs: FORGOT_PASSWORD_TTL_MS,
          requestedByUser: true,
        });
        await erase(trx, job.id);
      });
      deps.nudge();
      log.info({ userId: user.id }, 'Forgot password: reset link queued');
    },
  };
}
