import { z } from 'zod';
import { BodyId, CalendarDay, IntId } from '../common.js';
import {
  LEAD_BULK_MAX,
  LEAD_NOTE_MAX_LENGTH,
  LEAD_STATUS_NAME_MAX_LENGTH,
  LEAD_STATUSES_MAX,
} from './lead-limits.js';

export * from './lead-limits.js';

export const LeadStatus = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Its place in the list, from 0. */
  position: z.number().int(),
  /** The status every new submission gets. Exactly one status is the default. */
  isDefault: z.boolean(),
});
export type LeadStatus = z.infer<typeof LeadStatus>;

export const LeadStatusList = z.object({
  statuses: z.array(
    LeadStatus.extend({
      submissions: z.number().int().meta({ description: 'How many submissions have it' }),
    }),
  ),
});
export type LeadStatusList = z.infer<typeof LeadStatusList>;

const StatusName = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(LEAD_STATUS_NAME_MAX_LENGTH, { error: `must be at most ${LEAD_STATUS_NAME_MAX_LENGTH} characters` });

/**
 * The whole list of statuses, in order: each kept one by its id, new ones without. A status left
 * out is removed, and its submissions take the default status.
 */
export const SaveLeadStatusesRequest = z
  .strictObject({
    statuses: z
      .array(
        z.strictObject({
          id: BodyId('must be the id of a status').optional(),
          name: StatusName,
          isDefault: z.boolean({ error: 'must be true or false' }).default(false),
        }),
        { error: 'must be a list of statuses' },
      )
      .min(1, { error: 'must hold at least one status' })
      .max(LEAD_STATUSES_MAX, { error: `must hold at most ${LEAD_STATUSES_MAX} statuses` }),
  })
  .superRefine(({ statuses }, ctx) => {
    if (statuses.filter((status) => status.isDefault).length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['statuses'],
        message: 'must mark exactly one status as the default',
      });
    }
    const seen = new Set<string>();
    statuses.forEach((status, index) => {
      const key = status.name.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['statuses', index, 'name'],
          message: 'must differ from the other names',
        });
      }
      seen.add(key);
    });
  });
export type SaveLeadStatusesRequest = z.input<typeof SaveLeadStatusesRequest>;

/** Someone a lead can be given to: an approved user whose role works leads (sales or admin). */
export const LeadOwner = z.object({
  id: z.number().int(),
  /** Their name, or their email when they have none. */
  name: z.string(),
  email: z.string(),
});
export type LeadOwner = z.infer<typeof LeadOwner>;

export const LeadOwnerList = z.object({ owners: z.array(LeadOwner) });
export type LeadOwnerList = z.infer<typeof LeadOwnerList>;

/** Where the team stands with a submission. */
export const Lead = z.object({
  status: LeadStatus.pick({ id: true, name: true }),
  /** The administrator who follows it up; null while nobody does. */
  owner: LeadOwner.nullable(),
  /** The day of the next step, YYYY-MM-DD; null when none is planned. */
  nextStepOn: z.string().nullable(),
  noteCount: z.number().int(),
});
export type Lead = z.infer<typeof Lead>;

export const LEAD_NOTE_AUTHOR_KINDS = ['user', 'api_key'] as const;

/** One entry of a lead's timeline: plain text, with who wrote it and when. */
export const LeadNote = z.object({
  id: z.number().int(),
  text: z.string().meta({ description: 'Plain text, as written: never markup' }),
  author: z.object({
    kind: z.enum(LEAD_NOTE_AUTHOR_KINDS),
    /** The user's or the API key's id; null once they are removed. */
    id: z.number().int().nullable(),
    name: z.string(),
  }),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** Until when its author may still correct it; null once they may not. */
  editableUntil: z.string().nullable(),
});
export type LeadNote = z.infer<typeof LeadNote>;

const NoteText = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(LEAD_NOTE_MAX_LENGTH, {
    error: `must be at most ${LEAD_NOTE_MAX_LENGTH.toLocaleString('en-US')} characters`,
  });

export const LeadNoteRequest = z.strictObject({ text: NoteText });
export type LeadNoteRequest = z.input<typeof LeadNoteRequest>;

export const LeadNoteParams = z.object({
  id: z.uuid({ error: 'must be a submission id' }),
  noteId: IntId,
});

const LeadChanges = {
  statusId: BodyId('must be the id of a status')
    .optional()
    .meta({ description: 'A status id, as GET /api/v1/lead-statuses lists them' }),
  ownerId: BodyId('must be the id of an administrator').nullable().optional().meta({
    description:
      'The user id of an approved user who works leads (role sales or admin); null leaves the lead without owner',
  }),
};

/** Changes to one lead: any of status, owner and next-step day; at least one. */
export const UpdateLeadRequest = z
  .strictObject({
    ...LeadChanges,
    nextStepOn: CalendarDay.nullable()
      .optional()
      .meta({ description: 'The day of the next step, YYYY-MM-DD; null clears it' }),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'give at least one of statusId, ownerId or nextStepOn',
  });
export type UpdateLeadRequest = z.input<typeof UpdateLeadRequest>;

/** One status or owner for several submissions at once. */
export const UpdateLeadsRequest = z
  .strictObject({
    submissionIds: z
      .array(z.uuid({ error: 'must be submission ids' }), { error: 'must be a list of submission ids' })
      .min(1, { error: 'must name at least one submission' })
      .max(LEAD_BULK_MAX, { error: `must name at most ${LEAD_BULK_MAX} submissions` }),
    ...LeadChanges,
  })
  .refine((body) => body.statusId !== undefined || body.ownerId !== undefined, {
    error: 'give statusId or ownerId',
  });
export type UpdateLeadsRequest = z.input<typeof UpdateLeadsRequest>;

export const UpdateLeadsResponse = z.object({
  /** How many of the named submissions changed; one already as asked, or no longer there, does not. */
  updated: z.number().int(),
});
export type UpdateLeadsResponse = z.infer<typeof UpdateLeadsResponse>;

/** Whether the next-step range, when it has both ends, ends on or after its start. */
export function nextStepEndNotBeforeStart(range: { nextStepStartDate?: string; nextStepEndDate?: string }) {
  return (
    !range.nextStepStartDate || !range.nextStepEndDate || range.nextStepStartDate <= range.nextStepEndDate
  );
}
export const NEXT_STEP_END_BEFORE_START = {
  path: ['nextStepEndDate'],
  error: 'must be on or after nextStepStartDate',
};

/** The orders a list can take: newest first, or the soonest next step first (none last). */
export const SUBMISSION_SORTS = ['newest', 'nextStep'] as const;
export type SubmissionSort = (typeof SUBMISSION_SORTS)[number];

/** The filters and order of the lead desk, shared by the admin's list and the key API's. */
export const LeadFilters = {
  status: IntId.optional().meta({ description: 'Only submissions with this status (its id)' }),
  owner: z
    .union([z.literal('none'), IntId], { error: 'must be a user id or none' })
    .optional()
    .meta({ description: 'Only submissions this user owns (their id), or `none` for those nobody owns' }),
  nextStepStartDate: CalendarDay.optional().meta({
    description: 'Only submissions whose next step is on or after this day, YYYY-MM-DD',
  }),
  nextStepEndDate: CalendarDay.optional().meta({
    description:
      'Only submissions whose next step is on or before this day, YYYY-MM-DD: your today for the steps due now, your yesterday for the overdue ones',
  }),
  sort: z.enum(SUBMISSION_SORTS, { error: 'must be newest or nextStep' }).default('newest').meta({
    description: '`newest` first (the default), or `nextStep`: the soonest next step first, none last',
  }),
};

/** The event a change to a lead sends to WEBHOOK_URL. */
export const WEBHOOK_EVENT_SUBMISSION_UPDATED = 'submission.updated';

const LeadStatusRef = LeadStatus.pick({ id: true, name: true });

/** What one change did: each part present only when it changed. */
export const LeadChange = z.object({
  status: z.object({ from: LeadStatusRef, to: LeadStatusRef }).optional(),
  owner: z.object({ from: LeadOwner.nullable(), to: LeadOwner.nullable() }).optional(),
  nextStepOn: z.object({ from: z.string().nullable(), to: z.string().nullable() }).optional(),
  /** A note added to the timeline. */
  note: LeadNote.pick({ id: true, text: true, author: true, createdAt: true }).optional(),
});
export type LeadChange = z.infer<typeof LeadChange>;

/**
 * The body of a `submission.updated` delivery: a change to a lead (status, owner, next step, a
 * note), by whom, and the lead as it stood after it. Signed like every delivery; a retry sends the
 * same body.
 */
export const SubmissionUpdatedWebhookPayload = z.object({
  type: z.literal(WEBHOOK_EVENT_SUBMISSION_UPDATED),
  /** When the change was made, ISO 8601. */
  timestamp: z.string(),
  data: z.object({
    submissionId: z.uuid(),
    changedBy: z.object({ kind: z.enum(LEAD_NOTE_AUTHOR_KINDS), name: z.string() }),
    changes: LeadChange,
    lead: Lead,
  }),
});
export type SubmissionUpdatedWebhookPayload = z.infer<typeof SubmissionUpdatedWebhookPayload>;
