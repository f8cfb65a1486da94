import {
  type Lead,
  type LeadChange,
  type LeadOwner,
  type LeadOwnerList,
  type SubmissionUpdatedWebhookPayload,
  WEBHOOK_EVENT_SUBMISSION_UPDATED,
  rolesWith,
  userCan,
} from '@msp/shared';
import type { Database, Executor } from '../../db/knex.js';
import type { UserRow } from '../../db/tables.js';
import { InvalidFieldError, NotFoundError } from '../../domain/errors.js';
import type { AuditWriter } from '../../http/audit-trail.js';
import { enqueueJob } from '../../jobs/job-store.js';
import { queueHubSpotSync } from '../hubspot/sync-queue.js';
import { queueAssignedEmail } from '../notifications/notification-jobs.js';
import { webhookEventJob } from '../../jobs/webhook-jobs.js';
import { isUuid } from '../../domain/ids.js';
import { readLeadStatuses } from '../../db/lead-statuses.js';

/** The lead columns of a submission's row, as the list and the detail read them. */
export interface LeadColumns {
  lead_status_id: number;
  lead_owner_id: number | null;
  /** YYYY-MM-DD: read as text, never as a Date in the server's zone. */
  next_step_on: string | null;
  note_count: number;
}

/** The select of the lead columns on `submissions as s`; the day as text, never a Date in the server's zone. */
export function leadSelect(db: Executor) {
  return [
    's.lead_status_id',
    's.lead_owner_id',
    db.raw('s.next_step_on::text as next_step_on'),
    's.note_count',
  ] as const;
}

/** Who changes a lead or writes a note: a signed-in administrator, or an API key. */
export interface LeadActor {
  kind: 'user' | 'api_key';
  id: number;
  name: string;
}

/** What a change to leads does besides the change: its audit record, and whether webhooks go out. */
export interface LeadChangeContext {
  actor: LeadActor;
  audit: AuditWriter;
  webhooksOn: boolean;
}

type OwnerRow = Pick<UserRow, 'id' | 'email' | 'first_name' | 'last_name'>;

/** A user's name as the desk shows it: first and last, else their email. */
export function displayName(user: Pick<UserRow, 'email' | 'first_name' | 'last_name'>): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ').trim() || user.email;
}

function toOwner(row: OwnerRow): LeadOwner {
  return { id: row.id, name: displayName(row), email: row.email };
}

const OWNER_COLUMNS = ['id', 'email', 'first_name', 'last_name'] as const;

/** Who can own a lead: the approved users whose role works leads (sales and admins), by name. */
export async function listLeadOwners(db: Executor): Promise<LeadOwnerList> {
  const rows = await db<UserRow>('users')
    .whereIn('role', rolesWith('work-leads'))
    .where({ status: 'approved' })
    .select(...OWNER_COLUMNS)
    .orderByRaw("lower(coalesce(nullif(trim(concat_ws(' ', first_name, last_name)), ''), email)), id");
  return { owners: rows.map(toOwner) };
}

/** Each row's lead, by submission id: the statuses read whole, the owners named on the rows. */
export async function leadsOf(
  db: Executor,
  rows: readonly (LeadColumns & { id: string })[],
): Promise<Map<string, Lead>> {
  if (rows.length === 0) return new Map();
  const ownerIds = [
    ...new Set(rows.flatMap((row) => (row.lead_owner_id === null ? [] : [row.lead_owner_id]))),
  ];
  const statuses = new Map((await readLeadStatuses(db)).map((status) => [status.id, status]));
  const owners = new Map(
    (ownerIds.length
      ? await db<UserRow>('users')
          .whereIn('id', ownerIds)
          .select(...OWNER_COLUMNS)
      : []
    ).map((row) => [row.id, toOwner(row)]),
  );
  return new Map(
    rows.map((row) => {
      const status = statuses.get(row.lead_status_id);
      return [
        row.id,
        {
          status: { id: row.lead_status_id, name: status?.name ?? '' },
          owner: row.lead_owner_id === null ? null : (owners.get(row.lead_owner_id) ?? null),
          nextStepOn: row.next_step_on,
          noteCount: Number(row.note_count),
        },
      ];
    }),
  );
}

interface LeadChanges {
  statusId?: number | undefined;
  ownerId?: number | null | undefined;
  nextStepOn?: string | null | undefined;
}

/** 400 naming the field unless the status exists and the owner is one who works leads. */
async function checkChanges(db: Executor, changes: LeadChanges): Promise<void> {
  if (changes.statusId !== undefined) {
    const status = await db('lead_statuses').where('id', changes.statusId).first('id');
    if (!status) throw new InvalidFieldError('statusId', 'is not a status; GET the statuses for their ids');
  }
  if (changes.ownerId !== undefined && changes.ownerId !== null) {
    const owner = await db<UserRow>('users').where('id', changes.ownerId).first('role', 'status');
    if (!userCan(owner, 'work-leads')) {
      throw new InvalidFieldError(
        'ownerId',
        'must be the id of an approved user who works leads (sales or admin)',
      );
    }
  }
}

type LeadRow = LeadColumns & { id: string };

export async function lockLeads(trx: Executor, ids: readonly string[]): Promise<LeadRow[]> {
  return trx('submissions as s')
    .whereIn('s.id', ids)
    .select<LeadRow[]>('s.id', ...leadSelect(trx))
    .orderBy('s.id')
    .forUpdate();
}

/** What `changes` changes on `before`; empty when it is all as asked already. */
function changedValues(before: LeadRow, changes: LeadChanges): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (changes.statusId !== undefined && changes.statusId !== before.lead_status_id) {
    values.lead_status_id = changes.statusId;
  }
  if (changes.ownerId !== undefined && changes.ownerId !== before.lead_owner_id) {
    values.lead_owner_id = changes.ownerId;
  }
  if (changes.nextStepOn !== undefined && changes.nextStepOn !== before.next_step_on) {
    values.next_step_on = changes.nextStepOn;
  }
  return values;
}

/** The change as the webhook says it: each part that changed, from what to what. */
function describeChange(before: Lead, after: Lead): LeadChange {
  const change: LeadChange = {};
  if (before.status.id !== after.status.id) change.status = { from: before.status, to: after.status };
  if ((before.owner?.id ?? null) !== (after.owner?.id ?? null))
    change.owner = { from: before.owner, to: after.owner };
  if (before.nextStepOn !== after.nextStepOn)
    change.nextStepOn = { from: before.nextStepOn, to: after.nextStepOn };
  return change;
}

/** Queues the signed `submission.updated` delivery of one change, in the change's transaction. */
export async function queueUpdatedEvent(
  trx: Executor,
  submissionId: string,
  actor: LeadActor,
  changes: LeadChange,
  lead: Lead,
): Promise<void> {
  const payload: SubmissionUpdatedWebhookPayload = {
    type: WEBHOOK_EVENT_SUBMISSION_UPDATED,
    timestamp: new Date().toISOString(),
    data: { submissionId, changedBy: { kind: actor.kind, name: actor.name }, changes, lead },
  };
  await enqueueJob(trx, webhookEventJob(submissionId, payload));
}

/** The audit summary of a change: ids and the day, never a name or an address. */
function auditedChanges(changes: LeadChanges): Record<string, unknown> {
  return { statusId: changes.statusId, ownerId: changes.ownerId, nextStepOn: changes.nextStepOn };
}

/**
 * Sets a submission's status, owner or next-step day. Each change is audited and, with webhooks
 * on, sent as `submission.updated` with what it was before; asking for what is already so changes
 * nothing and sends nothing.
 */
export async function updateLead(
  db: Database,
  submissionId: string,
  changes: LeadChanges,
  context: LeadChangeContext,
): Promise<Lead> {
  if (!isUuid(submissionId)) throw new NotFoundError('Submission not found');
  return db.transaction(async (trx) => {
    const [row] = await lockLeads(trx, [submissionId]);
    if (!row) throw new NotFoundError('Submission not found');
    await checkChanges(trx, changes);
    const values = changedValues(row, changes);
    const before = (await leadsOf(trx, [row])).get(row.id)!;
    if (Object.keys(values).length === 0) {
      await context.audit(trx, {
        targetId: submissionId,
        summary: { ...auditedChanges(changes), changed: false },
      });
      return before;
    }
    await trx('submissions').where('id', submissionId).update(values);
    if ('lead_status_id' in values) await queueHubSpotSync(trx, [submissionId]);
    if (typeof values.lead_owner_id === 'number') {
      await queueAssignedEmail(trx, values.lead_owner_id, [submissionId], context.actor);
    }
    const after = (await leadsOf(trx, [{ ...row, ...afterColumns(row, values) }])).get(row.id)!;
    await context.audit(trx, { targetId: submissionId, summary: auditedChanges(changes) });
    if (context.webhooksOn)
      await queueUpdatedEvent(trx, submissionId, context.actor, describeChange(before, after), after);
    return after;
  });
}

function afterColumns(row: LeadRow, values: Record<string, unknown>): LeadColumns {
  return {
    lead_status_id: (values.lead_status_id as number | undefined) ?? row.lead_status_id,
    lead_owner_id: 'lead_owner_id' in values ? (values.lead_owner_id as number | null) : row.lead_owner_id,
    next_step_on: 'next_step_on' in values ? (values.next_step_on as string | null) : row.next_step_on,
    note_count: row.note_count,
  };
}

/**
 * One status or owner for up to a page of submissions: one audit record for the whole change, one
 * `submission.updated` per submission that changed. Ids no longer there are passed over.
 */
export async function updateLeads(
  db: Database,
  submissionIds: readonly string[],
  changes: Pick<LeadChanges, 'statusId' | 'ownerId'>,
  context: LeadChangeContext,
): Promise<{ updated: number }> {
  return db.transaction(async (trx) => {
    await checkChanges(trx, changes);
    const rows = await lockLeads(trx, [...new Set(submissionIds)]);
    const changing = rows.flatMap((row) => {
      const values = changedValues(row, changes);
      return Object.keys(values).length ? [{ row, values }] : [];
    });
    if (changing.length) {
      await trx('submissions')
        .whereIn(
          'id',
          changing.map(({ row }) => row.id),
        )
        .update(valuesOf(changes));
      if (typeof changes.ownerId === 'number') {
        const given = changing.filter(({ values }) => 'lead_owner_id' in values).map(({ row }) => row.id);
        await queueAssignedEmail(trx, changes.ownerId, given, context.actor);
      }
      const statusChanged = changing.filter(({ values }) => 'lead_status_id' in values);
      await queueHubSpotSync(
        trx,
        statusChanged.map(({ row }) => row.id),
      );
    }
    if (context.webhooksOn && changing.length) {
      const before = await leadsOf(
        trx,
        changing.map(({ row }) => row),
      );
      const after = await leadsOf(
        trx,
        changing.map(({ row, values }) => ({ id: row.id, ...afterColumns(row, values) })),
      );
      for (const { row } of changing) {
        const lead = after.get(row.id)!;
        await queueUpdatedEvent(trx, row.id, context.actor, describeChange(before.get(row.id)!, lead), lead);
      }
    }
    await context.audit(trx, {
      summary: { ...auditedChanges(changes), submissions: submissionIds.length, updated: changing.length },
    });
    return { updated: changing.length };
  });
}

function valuesOf(changes: Pick<LeadChanges, 'statusId' | 'ownerId'>): Record<string, unknown> {
  return {
    ...(changes.statusId === undefined ? {} : { lead_status_id: changes.statusId }),
    ...(changes.ownerId === undefined ? {} : { lead_owner_id: changes.ownerId }),
  };
}
