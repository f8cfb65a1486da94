import { z } from 'zod';
import { EmailAddress } from '../common.js';
import { SubmissionDetail, WebhookDelivery } from '../submissions/schemas.js';

const PersonEmail = EmailAddress.meta({
  description: "The person's email address, as they gave it in the assessment (any case)",
});

/** Whose data: an email address in the query (the reads and exports). */
export const PersonalDataQuery = z.strictObject({ email: PersonEmail });
export type PersonalDataQuery = z.input<typeof PersonalDataQuery>;

/** Whose data: an email address in the body (the erasure), so it stays out of URLs and logs. */
export const PersonalDataRequest = z.strictObject({ email: PersonEmail });
export type PersonalDataRequest = z.input<typeof PersonalDataRequest>;

/** One submission of the person, as the admin's look-up lists it. */
export const PersonalDataMatch = z.object({
  id: z.string(),
  submittedAt: z.string(),
  name: z.string().nullable(),
  company: z.string().nullable(),
});
export type PersonalDataMatch = z.infer<typeof PersonalDataMatch>;

/** The person's unfinished assessment saved with "Continue later", as the look-up lists it. */
export const PersonalDataDraftMatch = z.object({
  updatedAt: z.string(),
  answeredCount: z.number().int(),
  questionCount: z.number().int(),
});
export type PersonalDataDraftMatch = z.infer<typeof PersonalDataDraftMatch>;

export const PersonalDataMatches = z.object({
  email: z.string(),
  /** Newest first. */
  submissions: z.array(PersonalDataMatch),
  /** The saved draft, or null when the address has none. */
  draft: PersonalDataDraftMatch.nullable(),
});
export type PersonalDataMatches = z.infer<typeof PersonalDataMatches>;

/**
 * One submission with everything stored about it: its answers, scores, demographics, attribution
 * and times, the analysis the person got, and every results email and webhook sent about it.
 */
export const PersonalDataSubmission = SubmissionDetail.omit({ analysisPending: true }).extend({
  /** The results emails sent (or tried) to the person, newest first, with each attempt. */
  emailDeliveries: z.array(WebhookDelivery),
});
export type PersonalDataSubmission = z.infer<typeof PersonalDataSubmission>;

/** A session the person started with an emailed sign-in link at "Your assessments". */
export const PersonalDataVisitorSession = z.object({ createdAt: z.string(), lastSeenAt: z.string() });

/** A sign-in link emailed to the person (its token is never stored, only when and whether it was used). */
export const PersonalDataSignInLink = z.object({
  createdAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
});

/** A reminder to reassess the person asked for at a submission, and whether it has been sent. */
export const PersonalDataReminder = z.object({
  submissionId: z.string(),
  dueAt: z.string(),
  /** scheduled: still to come; sent; skipped: due after the person unsubscribed. */
  status: z.enum(['scheduled', 'sent', 'skipped', 'failed']),
});

/** The person's unfinished assessment, saved with "Continue later" (its link's token is never stored). */
export const PersonalDataDraft = z.object({
  createdAt: z.string(),
  updatedAt: z.string(),
  demographics: z.record(z.string(), z.string()),
  /** The chosen answer's id by question id. */
  answers: z.record(z.string(), z.number().int()),
  consentStatementId: z.number().int().nullable(),
  language: z.string(),
  answeredCount: z.number().int(),
  questionCount: z.number().int(),
});

/** The person's place in their company's team (issue 40), when they have made a choice there. */
export const PersonalDataTeam = z.object({
  domain: z.string(),
  /** Whether colleagues may see their name and levels. */
  shares: z.boolean(),
  leftAt: z.string().nullable(),
});

/** A team invite sent to the person, or by them (its link's token is never stored). */
export const PersonalDataTeamInvite = z.object({
  /** The invited colleague's address: the person's own for an invite received. */
  email: z.string(),
  /** The inviting member's address: the person's own for an invite sent. */
  invitedBy: z.string(),
  domain: z.string(),
  role: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

/** Everything stored about one person, by email address, in one document. */
export const PersonalDataExport = z.object({
  email: z.string(),
  exportedAt: z.string(),
  /** Oldest first. */
  submissions: z.array(PersonalDataSubmission),
  /** Oldest first. */
  visitorSessions: z.array(PersonalDataVisitorSession),
  /** Oldest first. */
  signInLinks: z.array(PersonalDataSignInLink),
  /** Oldest first. */
  reminders: z.array(PersonalDataReminder),
  /** When the person unsubscribed from reminders, or null. */
  remindersUnsubscribedAt: z.string().nullable(),
  /** The saved draft, when there is one (an address has at most one). */
  drafts: z.array(PersonalDataDraft),
  /** When the address was first proved its owner's (a sign-in link or a team invite), or null. */
  verifiedAt: z.string().nullable(),
  team: PersonalDataTeam.nullable(),
  /** Oldest first. */
  teamInvitesReceived: z.array(PersonalDataTeamInvite),
  /** Oldest first. */
  teamInvitesSent: z.array(PersonalDataTeamInvite),
});
export type PersonalDataExport = z.infer<typeof PersonalDataExport>;

/** How many submissions an erasure deleted: 0 when the address had none. */
export const PersonalDataDeleted = z.object({ deleted: z.number().int().min(0) });
export type PersonalDataDeleted = z.infer<typeof PersonalDataDeleted>;
