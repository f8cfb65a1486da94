import { z } from 'zod';
import { EmailAddress, LanguageTag, TeamFigures, TeamHistoryPoint, TeamRoleFigures } from '../common.js';
import { TEAM_INVITES_PER_REQUEST } from './endpoints.js';

/**
 * One answer of the "role" question: `value` as answers and invites store it (the default
 * language's text), `label` in the language asked for.
 */
export const TeamRoleChoice = z.object({ value: z.string(), label: z.string() });
export type TeamRoleChoice = z.infer<typeof TeamRoleChoice>;

/** A member who chose to show colleagues their name and levels. */
export const SharedMember = z.object({
  name: z.string(),
  role: z.string().nullable(),
  submittedAt: z.string(),
  overallLevel: z.number().int(),
  pillars: z.array(z.object({ pillarKey: z.string(), level: z.number().int() })),
  you: z.boolean(),
});
export type SharedMember = z.infer<typeof SharedMember>;

/**
 * What /my/team shows: whether the visitor's address forms a team (a personal address does not),
 * their own choices, and, once enough members have assessed, the team's figures. Members who did
 * not choose to share count in the figures only.
 */
export const TeamView = z.object({
  email: z.string(),
  /** The organisation's domain; null for a free-mail or disposable address. */
  domain: z.string().nullable(),
  membership: z.object({ shares: z.boolean(), left: z.boolean() }),
  /** Members who have assessed (those who left not counted), and the figures' threshold. */
  assessed: z.number().int(),
  threshold: z.number().int(),
  /**
   * The answers of the "role" question, for the invite form and to name the roles that members,
   * invites and the per-role figures carry; empty when there is no such question.
   */
  roles: z.array(TeamRoleChoice),
  figures: TeamFigures.nullable(),
  byRole: z.array(TeamRoleFigures),
  history: z.array(TeamHistoryPoint),
  sharedMembers: z.array(SharedMember),
});
export type TeamView = z.infer<typeof TeamView>;

export const TeamMembershipUpdate = z
  .object({
    shares: z.boolean({ error: 'must be true or false' }).optional(),
    /** false leaves the team view (and the figures); true comes back. */
    member: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .refine((body) => body.shares !== undefined || body.member !== undefined, {
    error: 'give shares or member',
    path: ['shares'],
  });
export type TeamMembershipUpdate = z.infer<typeof TeamMembershipUpdate>;

export const TeamMembership = z.object({ shares: z.boolean(), left: z.boolean() });
export type TeamMembership = z.infer<typeof TeamMembership>;

export const TEAM_INVITE_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;

export const TeamInvite = z.object({
  inviteId: z.string(),
  email: z.string(),
  role: z.string().nullable(),
  status: z.enum(TEAM_INVITE_STATUSES),
  sentAt: z.string(),
  expiresAt: z.string(),
});
export type TeamInvite = z.infer<typeof TeamInvite>;

export const TeamInviteList = z.object({ invites: z.array(TeamInvite) });
export type TeamInviteList = z.infer<typeof TeamInviteList>;

export const NewTeamInvites = z.object({
  invites: z
    .array(
      z.object({
        email: EmailAddress,
        role: z
          .string({ error: 'must be text' })
          .trim()
          .max(500, { error: 'must be at most 500 characters' })
          .optional(),
      }),
      { error: 'must be a list of colleagues' },
    )
    .min(1, { error: 'must name at least one colleague' })
    .max(TEAM_INVITES_PER_REQUEST, {
      error: `must name at most ${TEAM_INVITES_PER_REQUEST} colleagues at once`,
    }),
  /** The language the emails are written in. */
  lang: LanguageTag.optional(),
});
export type NewTeamInvites = z.infer<typeof NewTeamInvites>;

export const TeamInviteAcceptRequest = z.object({
  token: z.string({ error: 'is required' }).min(20, { error: 'is not an invite link' }).max(100, {
    error: 'is not an invite link',
  }),
});
export type TeamInviteAcceptRequest = z.infer<typeof TeamInviteAcceptRequest>;

/** A spent invite: the session started, and what the colleague's assessment starts from. */
export const TeamInviteAccepted = z.object({
  email: z.string(),
  domain: z.string(),
  inviteId: z.string(),
  language: z.string(),
  /** The company's answers (from the inviter's latest assessment), the invitee's address and role. */
  demographics: z.record(z.string(), z.string()),
});
export type TeamInviteAccepted = z.infer<typeof TeamInviteAccepted>;
