import { randomBytes } from 'node:crypto';
import { DRAFT_RETENTION_DAYS } from '@msp/shared';
import type { ContentCache } from '../../db/content-cache.js';
import type { Database } from '../../db/knex.js';
import type { AssessmentDraftRow } from '../../db/tables.js';
import { hashToken } from '../../domain/tokens.js';
import type { NewJob } from '../../jobs/job-store.js';
import type { JobHandler } from '../../jobs/job-worker.js';
import type { Logger } from '../../logger.js';
import { linkEmail } from '../../mail/link-email.js';
import type { Mailer, OutgoingEmail } from '../../mail/mailer.js';
import { sendThenForget } from '../invites/invite-email.js';
import { readLanguageTexts, type LanguageTexts } from '../languages/languages-service.js';

/** A lost database or mail server is what a retry is for. */
const RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000] as const;

/** The job a save queues in the same statement as the draft (see saveDraft); its payload gets the draft's id. */
export function draftLinkJob(): NewJob {
  return { kind: 'draft_link', submissionId: null, maxAttempts: RETRY_DELAYS_MS.length + 1 };
}

/** The email with the link, in the draft's language: plain text and the same words in HTML. */
export function composeDraftLinkEmail(
  texts: Pick<LanguageTexts, 't' | 'language' | 'dir'>,
  input: { to: string; url: string; productName: string },
): Omit<OutgoingEmail, 'messageId'> {
  const { t } = texts;
  return linkEmail({
    to: input.to,
    subject: t('drafts.email.subject', { productName: input.productName }),
    language: texts.language,
    dir: texts.dir,
    lead: t('drafts.email.lead', { productName: input.productName }),
    action: t('drafts.email.action'),
    url: input.url,
    closing: t('drafts.email.expiry', { days: DRAFT_RETENTION_DAYS }),
  });
}

/**
 * Emails the link to a saved draft. The token is made here, when the email is sent, and only its
 * hash is written onto the draft, so no table ever holds it; each send (a retry, a later save)
 * makes a new one, and the newest email's link is the one that works. A draft submitted or erased
 * before the job ran gets no email.
 */
export function draftLinkHandler(deps: {
  db: Database;
  cache: ContentCache;
  mailer: Mailer;
  publicUrl: string;
  productName: string;
  logger: Logger;
}): JobHandler {
  const { db, cache, mailer, publicUrl, productName, logger } = deps;
  const host = new URL(publicUrl).hostname;
  return {
    timeoutMs: 60_000,
    retryDelaysMs: RETRY_DELAYS_MS,
    async run(job) {
      const log = logger.child({ jobId: job.id });
      const token = randomBytes(32).toString('base64url');
      const [draft] = await db<AssessmentDraftRow>('assessment_drafts')
        .where({ id: Number(job.payload.draftId) })
        .update({ token_hash: hashToken(token) })
        .returning(['email', 'language']);
      if (!draft) {
        log.info('Draft link: no email sent, the draft was submitted or deleted first');
        return;
      }
      const texts = await readLanguageTexts(db, cache, draft.language);
      const url = `${publicUrl}/assessment?lang=${encodeURIComponent(texts.language)}#draft=${token}`;
      const message = composeDraftLinkEmail(texts, { to: draft.email, url, productName });
      // The payload names the draft alone: nothing to forget once sent.
      await sendThenForget(
        mailer,
        { ...message, messageId: `draft-link-${job.id}-${job.attempt}@${host}` },
        job,
        () => Promise.resolve(),
      );
      log.info('Draft link: sent');
    },
  };
}
