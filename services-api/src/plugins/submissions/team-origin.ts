import type { SubmissionWebhookPayload } from '@msp/shared';
import { organisationDomain } from '../../domain/email-domains.js';

type TeamOrigin = Pick<SubmissionWebhookPayload['data'], 'organisation' | 'fromTeamInvite'>;

/**
 * The organisation a submission counts for and whether a team invite brought it, as the webhook
 * and the key API's detail say them. The domain as the submissions keep it (lower case), unless it
 * is a personal one, which never forms an organisation (the same lists the database's copy holds).
 */
export function teamOriginOf(submission: {
  emailDomain: string | null;
  teamInviteId: string | null;
}): TeamOrigin {
  const domain = organisationDomain(submission.emailDomain);
  return {
    organisation: domain ? { domain } : null,
    fromTeamInvite: submission.teamInviteId !== null,
  };
}
