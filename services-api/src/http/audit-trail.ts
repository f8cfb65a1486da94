import type { Request } from '@hapi/hapi';
import {
  AUDIT_SUMMARY_MAX_ENTRIES,
  AUDIT_SUMMARY_VALUE_MAX_LENGTH,
  AUDIT_ACTIONS,
  AUDITED_ROUTES,
  type AuditAction,
  type AuditActorKind,
  type AuditSummary,
  anAddressAt,
  withoutAddresses,
} from '@msp/shared';
import type { Executor } from '../db/knex.js';
import { clientAddress } from './client-address.js';
import { contractNameOf } from './route-adapter.js';

export interface AuditActor {
  kind: AuditActorKind;
  id: number | null;
  name: string;
}

export interface AuditEntry {
  /** By default the action `AUDITED_ROUTES` gives the route answering the request. */
  action?: AuditAction;
  /** The one thing acted on, when there is one. */
  targetId?: string | number | null;
  /**
   * What changed: field names with their new values, cut short by `auditSummary`, which also
   * takes out every address and person's name; a list of addresses goes in as `addressesInBrief`.
   */
  summary?: Record<string, unknown>;
  /** Who, when the request's credentials do not say it (a sign-in, before the session exists). */
  actor?: AuditActor;
}

/**
 * Field names whose values never go into a record, whatever they hold: secrets, and a person's
 * names, which the trail would keep after the person's erasure (it can never be edited).
 */
const SECRET_FIELD = /password|secret|token|crumb|key$/i;
const PERSON_NAME_FIELD = /^(first|last|full)_?name$/i;

/** A whole text that is a mailbox, a display name before an address: "Jane Doe <jane@a.example>". */
const MAILBOX = /^[^<>]*<[^<>@\s]+@([^<>@\s]+)>\s*$/;

/**
 * Text as a record keeps it: a mailbox down to its address's domain (its display name may be a
 * person's), every other address down to its domain, then cut short.
 */
function shortText(text: string): string {
  const mailboxDomain = MAILBOX.exec(text)?.[1];
  if (mailboxDomain) return anAddressAt(mailboxDomain.toLowerCase());
  const kept = withoutAddresses(text);
  return kept.length > AUDIT_SUMMARY_VALUE_MAX_LENGTH
    ? `${kept.slice(0, AUDIT_SUMMARY_VALUE_MAX_LENGTH - 1)}…`
    : kept;
}

function summaryValue(value: unknown): AuditSummary[string] {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return shortText(value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) {
    return value.slice(0, AUDIT_SUMMARY_MAX_ENTRIES).map((item) => shortText(String(item)));
  }
  return shortText(JSON.stringify(value) ?? '');
}

/**
 * A record's summary: at most AUDIT_SUMMARY_MAX_ENTRIES fields, each value plain and short, with
 * no email address (only its domain), and nothing from a field that could hold a secret or is a
 * person's name (its name is kept, its value is not). The same rule for every record, so no
 * action keeps what a person's erasure removes.
 */
export function auditSummary(values: Record<string, unknown> | undefined): AuditSummary {
  const summary: AuditSummary = {};
  if (!values) return summary;
  for (const [field, value] of Object.entries(values).slice(0, AUDIT_SUMMARY_MAX_ENTRIES)) {
    if (value === undefined) continue;
    const hidden = SECRET_FIELD.test(field) || PERSON_NAME_FIELD.test(field);
    summary[field] = hidden ? '(hidden)' : summaryValue(value);
  }
  return summary;
}

/** Who the request is: its signed-in user, or its API key. */
export function requestActor(request: Request): AuditActor | null {
  const { credentials } = request.auth;
  if (credentials?.apiKey) {
    return { kind: 'api_key', id: credentials.apiKey.id, name: credentials.apiKey.name };
  }
  if (credentials?.user) return { kind: 'user', id: credentials.user.id, name: credentials.user.email };
  return null;
}

function routeAction(request: Request): AuditAction | undefined {
  const name = contractNameOf(request);
  return name ? (AUDITED_ROUTES as Record<string, AuditAction>)[name] : undefined;
}

/** One record as it is stored. */
export interface AuditRecord {
  action: AuditAction;
  actor: AuditActor;
  clientAddress: string | null;
  targetId?: string | number | null | undefined;
  summary?: Record<string, unknown> | undefined;
}

/** Writes one record on `executor`: the transaction of the change it records, when there is one. */
export async function writeAuditRecord(executor: Executor, record: AuditRecord): Promise<void> {
  const { action, actor, targetId } = record;
  await executor('audit_events').insert({
    actor_kind: actor.kind,
    actor_id: actor.id,
    actor_name: actor.name.slice(0, 320),
    client_address: record.clientAddress?.slice(0, 64) ?? null,
    action,
    target_type: AUDIT_ACTIONS[action].target,
    target_id: targetId === undefined || targetId === null ? null : String(targetId).slice(0, 100),
    summary: auditSummary(record.summary),
  });
}

/**
 * Writes the request's audit record on `executor`: pass the transaction that makes the change, so
 * the record and the change commit together or not at all.
 */
export async function recordAudit(
  executor: Executor,
  request: Request,
  entry: AuditEntry = {},
): Promise<void> {
  const action = entry.action ?? routeAction(request);
  if (!action) throw new Error(`${request.method.toUpperCase()} ${request.path} has no audit action`);
  const actor = entry.actor ?? requestActor(request);
  if (!actor) throw new Error(`${action} was recorded without anyone who did it`);
  await writeAuditRecord(executor, {
    action,
    actor,
    clientAddress: clientAddress(request),
    targetId: entry.targetId,
    summary: entry.summary,
  });
  request.app.audited = action;
}

/** Writes a request's audit record on the transaction it is given: how a service that opens its own transaction takes the record into it. */
export type AuditWriter = (trx: Executor, more?: AuditEntry) => Promise<void>;

/** An `AuditWriter` for the request; what the service adds (the id it created) joins `entry`. */
export function auditWriter(request: Request, entry: AuditEntry = {}): AuditWriter {
  return (trx, more = {}) =>
    recordAudit(trx, request, { ...entry, ...more, summary: { ...entry.summary, ...more.summary } });
}

/** For setup outside any request (test fixtures, benchmarks): nobody acted, so nothing is recorded. */
export const OUTSIDE_REQUEST: AuditWriter = async () => undefined;
