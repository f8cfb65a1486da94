import { z } from 'zod';
import {
  DateRange,
  END_BEFORE_START,
  endNotBeforeStart,
  Pagination,
  PageFields,
} from '../submissions/schemas.js';
import { AUDIT_ACTION_NAMES, AUDIT_ACTOR_KINDS, AUDIT_TARGET_TYPES } from './actions.js';

/** Most entries a record's summary keeps, and the longest text of one. */
export const AUDIT_SUMMARY_MAX_ENTRIES = 20;
export const AUDIT_SUMMARY_VALUE_MAX_LENGTH = 200;

/**
 * What changed, in brief: field names with their new values (text cut short), never a secret, an
 * email address (only its domain) or a person's name.
 */
export const AuditSummary = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]),
);
export type AuditSummary = z.infer<typeof AuditSummary>;

export const AuditEvent = z.object({
  id: z.number().int(),
  /** When, ISO 8601 UTC. */
  at: z.string(),
  actor: z.object({
    kind: z.enum(AUDIT_ACTOR_KINDS),
    /** The user's or the key's id; null for someone not signed in. */
    id: z.number().int().nullable(),
    /**
     * The user's email or the key's name as they were then; for a failed sign-in to no account,
     * only the domain of the address typed, as "(an address at example.com)".
     */
    name: z.string(),
  }),
  /** The client's address as the server saw it (behind a trusted proxy, the forwarded one). */
  clientAddress: z.string().nullable(),
  action: z.enum(AUDIT_ACTION_NAMES),
  target: z.object({
    type: z.enum(AUDIT_TARGET_TYPES),
    /** The id of the thing acted on, when there is one thing. */
    id: z.string().nullable(),
  }),
  summary: AuditSummary,
});
export type AuditEvent = z.infer<typeof AuditEvent>;

const FilterText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(max, { error: `must be at most ${max} characters` });

/** Filters of the audit log; every one given must match. */
const AuditFilters = {
  /** Part of the user's email or the key's name, case-insensitively. */
  actor: FilterText(320).optional().meta({ description: "Part of the user's email or the key's name" }),
  action: z
    .enum(AUDIT_ACTION_NAMES, { error: 'must be one of the audit actions' })
    .optional()
    .meta({ description: 'One action' }),
  targetType: z
    .enum(AUDIT_TARGET_TYPES, { error: `must be one of ${AUDIT_TARGET_TYPES.join(', ')}` })
    .optional()
    .meta({ description: 'The kind of thing acted on' }),
  targetId: FilterText(100).optional().meta({ description: 'The id of the thing acted on' }),
  ...DateRange,
};

export const AuditExportQuery = z.strictObject(AuditFilters).refine(endNotBeforeStart, END_BEFORE_START);
export type AuditExportQuery = z.input<typeof AuditExportQuery>;

export const AuditListQuery = z
  .strictObject({ ...PageFields, ...AuditFilters })
  .refine(endNotBeforeStart, END_BEFORE_START);
export type AuditListQuery = z.input<typeof AuditListQuery>;

export const AuditEventList = z.object({ events: z.array(AuditEvent), pagination: Pagination });
export type AuditEventList = z.infer<typeof AuditEventList>;
