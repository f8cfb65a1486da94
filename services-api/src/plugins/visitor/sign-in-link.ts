import { VISITOR_LINK_TTL_MINUTES } from '@msp/shared';
import type { ContentCache } from '../../db/content-cache.js';
import type { Database, Executor } from '../../db/knex.js';
import { forgetJobPayload, type NewJob } from '../../jobs/job-store.js';
import type { JobHandler } from '../../jobs/job-worker.js';
import type { Logger } from '../../logger.js';
import { linkEmail } from '../../mail/link-email.js';
import type { Mailer, OutgoingEmail } from '../../mail/mailer.js';
import { sendThenForget } from '../invites/invite-email.js';
import { readLanguageTexts, type LanguageTexts } from '../languages/languages-service.js';
import type { SubmissionRow } from '../../db/tables.js';
import { isUuid, submissionsOfEmail } from '../submissions/submission-reads.js';
import type { VisitorSessions } from '../../db/visitor-sessions.js';

/** A lost database or mail server is what a retry is for; later, the link would be near its end. */
const RETRY_DELAYS_MS = [30_000, 2 * 60_000] as const;

/** What the request leaves for the job: the typed address or the results page's submission. */
type SignInLinkPayload = {
  email?: string;
  submissionId?: string;
  lang?: string;
};

/**
 * A request for a sign-in link. The request only queues this job, for any address: whether the
 * address has taken the assessment is decided here, off the request path, so the answer is the
 * same and as fast either way, and the token is made when the email is sent, so no table ever
 * holds it (only its hash).
 */
export function visitorSignInJob(payload: SignInLinkPayload): NewJob {
  return {
    kind: 'visitor_sign_in',
    submissionId: null,
    payload: payload satisfies SignInLinkPayload,
    maxAttempts: RETRY_DELAYS_MS.length + 1,
  };
}

/**
 * Where the link goes: the results page's submission's address, or the typed one when any
 * submission has it or it was verified before (lower case). Null when nobody is to be emailed.
 */
async function recipientOf(db: Executor, payload: SignInLinkPayload): Promise<string | null> {
  if (payload.submissionId !== undefined) {
    if (!isUuid(payload.submissionId)) return null;
    const row = await db<SubmissionRow>('submissions').where({ id: payload.submissionId }).first('email');
    return row?.email?.toLowerCase() ?? null;
  }
  const email = payload.email?.toLowerCase();
  if (!email) return null;
  // A colleague who spent a team invite is verified before their first assessment.
  const known =
    (await submissionsOfEmail(db, email).first('id')) ??
    (await db('verified_visitors').where({ email }).first('email'));
  return known ? email : null;
}

/** The sign-in email in the visitor's language: plain text and the same words in HTML. */
export function composeSignInEmail(
  texts: Pick<LanguageTexts, 't' | 'language' | 'dir'>,
  input: { to: string; url: string; productName: string },
): Omit<OutgoingEmail, 'messageId'> {
  const { t } = texts;
  return linkEmail({
    to: input.to,
    subject: t('visitor.email.subject', { productName: input.productName }),
    language: texts.language,
    dir: texts.dir,
    lead: t('visitor.email.lead', { productName: input.productName }),
    action: t('visitor.email.action'),
    url: input.url,
    closing: t('visitor.email.expiry', { minutes: VISITOR_LINK_TTL_MINUTES }),
  });
}

/**
 * Sends a sign-in link to an address that has taken the assessment, and nothing to one that has
 * not. The typed address leaves the job once it has run, so the jobs table keeps no list of the
 * addresses strangers tried.
 */
export function visitorSignInHandler(deps: {
  db: Database;
  cache: ContentCache;
  mailer: Mailer;
  sessions: VisitorSessions;
  publicUrl: string;
  productName: string;
  logger: Logger;
}): JobHandler {
  const { db, cache, mailer, sessions, publicUrl, productName, logger } = deps;
  const host = new URL(publicUrl).hostname;
  const erase = (jobId: number) => forgetJobPayload(db, jobId);
  return {
    timeoutMs: 60_000,
    retryDelaysMs: RETRY_DELAYS_MS,
    async run(job) {
      const payload = job.payload as SignInLinkPayload;
      const log = logger.child({ jobId: job.id });
      const to = await recipientOf(db, payload);
      if (!to) {
        await erase(job.id);
        log.info('Visitor sign-in: no link sent, the address has taken no assessment');
        return;
      }
      const texts = await readLanguageTexts(db, cache, payload.lang);
      const token = await sessions.issueLink(db, to);
      const url = `${publicUrl}/my/sign-in?lang=${encodeURIComponent(texts.language)}#token=${token}`;
      const message = composeSignInEmail(texts, { to, url, productName });
      await sendThenForget(
        mailer,
        { ...message, messageId: `visitor-link-${job.id}-${job.attempt}@${host}` },
        job,
        () => erase(job.id),
      );
      log.info('Visitor sign-in: link sent');
    },
  };
}
