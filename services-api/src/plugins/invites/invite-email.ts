import { escapeHtml } from '@msp/shared';
import type { Database, Executor } from '../../db/knex.js';
import type { ClaimedJob, NewJob } from '../../jobs/job-store.js';
import { JobFailure, type JobHandler } from '../../jobs/job-worker.js';
import type { Logger } from '../../logger.js';
import { MailSendError, type Mailer, type OutgoingEmail } from '../../mail/mailer.js';
import { EMAIL_RETRY_DELAYS_MS } from '../../jobs/retry-schedules.js';
import type { InvitePurpose, InviteRow } from '../../db/tables.js';

/** What an invite email job carries until the email is handed over (see `eraseEmailedTokens`). */
interface InviteEmailPayload {
  inviteId: number;
  userId: number;
  /** The raw token: the email must carry the link, and the database keeps only its hash. */
  token?: string;
  /** The user asked for the link on the sign-in page (Forgot password), not an administrator. */
  requestedByUser?: boolean;
}

/** The email of a new invite or reset link, retried like the results email. */
export function inviteEmailJob(
  payload: Required<Omit<InviteEmailPayload, 'requestedByUser'>> &
    Pick<InviteEmailPayload, 'requestedByUser'>,
): NewJob {
  return {
    kind: 'invite_email',
    submissionId: null,
    payload: { ...payload },
    maxAttempts: EMAIL_RETRY_DELAYS_MS.length + 1,
  };
}

/**
 * Removes the raw token from the email jobs of a user's links (or from one job). The token has to
 * wait in the job until the email is handed over; once it is sent, the job has given up, or the
 * link was used or replaced, nothing needs it any more.
 */
export async function eraseEmailedTokens(
  db: Executor,
  where: { userId: number } | { jobId: number },
): Promise<void> {
  const query = db('jobs').where({ kind: 'invite_email' }).whereRaw("payload->>'token' is not null");
  if ('jobId' in where) query.where({ id: where.jobId });
  else query.whereRaw("payload->>'userId' = ?", [String(where.userId)]);
  await query.update({ payload: db.raw("payload - 'token'") });
}

/** The page where the link's holder sets a password. */
export function inviteUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/invite?token=${token}`;
}

const EXPIRY_FORMAT = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** The greeting the account emails open with. */
export function greetingFor(firstName: string | null): string {
  return `Hello ${firstName?.trim() || 'there'},`;
}

/** The HTML document of an account email around its paragraphs (each already HTML, one a line). */
export function accountEmailHtml(paragraphs: string[]): string {
  return `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#1c2127">
${paragraphs.join('\n')}
</body></html>`;
}

/**
 * Sends an email whose job holds something that must not outlive it (a raw token, a typed
 * address): `forget` runs once nothing will send it again, after the send, on a permanent
 * refusal, or when the last attempt fails. A refusal becomes the job's failure.
 */
export async function sendThenForget(
  mailer: Mailer,
  email: OutgoingEmail,
  job: Pick<ClaimedJob, 'attempt' | 'maxAttempts'>,
  forget: () => Promise<unknown>,
): Promise<void> {
  try {
    await mailer.send(email);
  } catch (error) {
    const permanent = error instanceof MailSendError && error.permanent;
    if (permanent || job.attempt >= job.maxAttempts) await forget();
    if (error instanceof MailSendError) throw new JobFailure(error.message, { permanent });
    throw error;
  }
  await forget();
}

/** The email with the link: plain text and the same words in HTML, every value escaped. */
export function composeInviteEmail(input: {
  to: string;
  firstName: string | null;
  purpose: InvitePurpose;
  url: string;
  expiresAt: Date;
  productName: string;
  /** Asked for through Forgot password: the words say so, and that ignoring it is safe. */
  requestedByUser?: boolean;
}): Omit<OutgoingEmail, 'messageId'> {
  const expires = `${EXPIRY_FORMAT.format(input.expiresAt)} UTC`;
  const greeting = greetingFor(input.firstName);
  const invite = input.purpose === 'invite';
  const subject =
    invite && !input.requestedByUser
      ? `You're invited to ${input.productName}`
      : `Set a new password for ${input.productName}`;
  const lead = input.requestedByUser
    ? `Someone asked for a link to set a new password for your account on ${input.productName}. If that was you, open this link to choose a new password:`
    : invite
      ? `An administrator has added you to ${input.productName}. Open this link to set your password and sign in:`
      : `An administrator has started a password reset for your account on ${input.productName}. Open this link to choose a new password:`;
  const after = input.requestedByUser
    ? `The link works once and expires on ${expires}. If you did not ask for it, ignore this email: nothing changes until the link is used.`
    : invite
      ? `The link works once and expires on ${expires}. If you were not expecting this email, you can ignore it.`
      : `The link works once and expires on ${expires}. Until you use it, your current password keeps working. If you were not expecting this email, tell your administrator.`;
  const text = `${greeting}\n\n${lead}\n\n${input.url}\n\n${after}\n`;
  const html = accountEmailHtml([
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(lead)}</p>`,
    `<p><a href="${escapeHtml(input.url)}" style="display:inline-block;padding:10px 18px;background:#2d72d2;color:#fff;border-radius:4px;text-decoration:none;font-weight:600">${invite && !input.requestedByUser ? 'Set your password' : 'Choose a new password'}</a></p>`,
    `<p style="word-break:break-all;color:#5f6b7c">${escapeHtml(input.url)}</p>`,
    `<p>${escapeHtml(after)}</p>`,
  ]);
  return { to: input.to, subject, text, html };
}

/**
 * Sends an invite or reset email. A link that was used, replaced or has expired by the time the
 * job runs is not sent. The raw token leaves the job as soon as it is not needed: after the send,
 * when the link is no longer usable, and when the job gives up.
 */
export function inviteEmailHandler(deps: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  productName: string;
  logger: Logger;
}): JobHandler {
  const { db, mailer, publicUrl, productName, logger } = deps;
  const host = new URL(publicUrl).hostname;
  return {
    timeoutMs: 60_000,
    retryDelaysMs: EMAIL_RETRY_DELAYS_MS,
    async run(job) {
      const { inviteId, token, requestedByUser } = job.payload as Partial<InviteEmailPayload>;
      const log = logger.child({ inviteId });
      if (typeof token !== 'string') {
        log.info('No invite email sent: the link was used or replaced before it was sent');
        return;
      }
      const row = await db('user_invites as i')
        .join('users as u', 'u.id', 'i.user_id')
        .where('i.id', inviteId ?? 0)
        .first<
          | (Pick<InviteRow, 'purpose' | 'expires_at' | 'used_at' | 'revoked_at'> & {
              email: string;
              first_name: string | null;
            })
          | undefined
        >('i.purpose', 'i.expires_at', 'i.used_at', 'i.revoked_at', 'u.email', 'u.first_name');
      if (!row || row.used_at || row.revoked_at || new Date(row.expires_at).getTime() <= Date.now()) {
        await eraseEmailedTokens(db, { jobId: job.id });
        log.info('No invite email sent: the link is no longer usable');
        return;
      }
      const email = composeInviteEmail({
        to: row.email,
        firstName: row.first_name,
        purpose: row.purpose,
        url: inviteUrl(publicUrl, token),
        expiresAt: new Date(row.expires_at),
        productName,
        requestedByUser: requestedByUser === true,
      });
      await sendThenForget(mailer, { ...email, messageId: `invite-${inviteId}@${host}` }, job, () =>
        eraseEmailedTokens(db, { jobId: job.id }),
      );
      log.info({ purpose: row.purpose }, 'Invite email sent');
    },
  };
}
