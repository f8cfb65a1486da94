import { TEAM_INVITE_TTL_DAYS } from '@msp/shared';
import type { ContentCache } from '../../db/content-cache.js';
import type { Database } from '../../db/knex.js';
import type { JobHandler } from '../../jobs/job-worker.js';
import type { Logger } from '../../logger.js';
import { linkEmail } from '../../mail/link-email.js';
import type { Mailer, OutgoingEmail } from '../../mail/mailer.js';
import { sendThenForget } from '../invites/invite-email.js';
import { readLanguageTexts, type LanguageTexts } from '../languages/languages-service.js';
import { issueInviteToken, TEAM_INVITE_RETRY_DELAYS_MS } from './team-invites.js';

/** The invite email in the language the inviting member used: plain text and the same in HTML. */
export function composeTeamInviteEmail(
  texts: Pick<LanguageTexts, 't' | 'language' | 'dir'>,
  input: { to: string; inviter: string; domain: string; url: string; productName: string },
): Omit<OutgoingEmail, 'messageId'> {
  const { t } = texts;
  const values = { productName: input.productName, domain: input.domain, inviter: input.inviter };
  return linkEmail({
    to: input.to,
    subject: t('team.email.subject', values),
    language: texts.language,
    dir: texts.dir,
    lead: t('team.email.lead', values),
    action: t('team.email.action'),
    url: input.url,
    closing: t('team.email.expiry', { days: TEAM_INVITE_TTL_DAYS }),
  });
}

/**
 * Sends an invite with a link made now (its hash replaces any before, so only the newest link
 * works); nothing when the invite was revoked, accepted or has expired since it was queued.
 */
export function teamInviteHandler(deps: {
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
    retryDelaysMs: TEAM_INVITE_RETRY_DELAYS_MS,
    async run(job) {
      const log = logger.child({ jobId: job.id });
      const issued = await issueInviteToken(db, String(job.payload.inviteId));
      if (!issued) {
        log.info('Team invite: no email sent, the invite was revoked, accepted or expired first');
        return;
      }
      const { token, invite } = issued;
      const texts = await readLanguageTexts(db, cache, invite.language);
      const url = `${publicUrl}/team/join?lang=${encodeURIComponent(texts.language)}#token=${token}`;
      const message = composeTeamInviteEmail(texts, {
        to: invite.email,
        inviter: invite.invited_by,
        domain: invite.domain,
        url,
        productName,
      });
      // The payload names the invite alone: nothing to forget once sent.
      await sendThenForget(
        mailer,
        { ...message, messageId: `team-invite-${job.id}-${job.attempt}@${host}` },
        job,
        () => Promise.resolve(),
      );
      log.info('Team invite: sent');
    },
  };
}
