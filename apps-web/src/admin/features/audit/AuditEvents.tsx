import { Classes, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { AUDIT_ACTIONS, type AuditAction, type AuditEvent, type AuditTargetType } from '@msp/shared/browser';
import { formatDateTime } from '../../lib/format-date.js';
import { AuditSummaryText } from './AuditSummaryText.js';
import { summaryLines } from './summary-text.js';

/** What each kind of target is called on screen. */
export const TARGET_LABELS: Record<AuditTargetType, string> = {
  pillar: 'Pillar',
  question: 'Question',
  demographic_field: 'Demographic field',
  consent_statement: 'Consent statement',
  settings: 'Settings',
  matrix_cell: 'Matrix cell',
  email_template: 'Email template',
  content: 'Content',
  submission: 'Submission',
  draft: 'Saved draft',
  organisation: 'Organisation',
  user: 'User',
  api_key: 'API key',
  integration: 'Integration',
  audit: 'Audit log',
  language: 'Language',
  translation: 'Translation',
};

const ACTOR_KINDS: Record<AuditEvent['actor']['kind'], string> = {
  user: 'User',
  api_key: 'API key',
  anonymous: 'Not signed in',
  // The server console's account, or a setting the server acts on (the retention run): the name says which.
  operator: 'Server',
  // A verified visitor erasing their own data from "Your assessments", never named by address.
  visitor: 'The person',
};

/** An action's name on screen; an action this client does not know yet by its code. */
export function actionLabel(action: AuditAction): string {
  return AUDIT_ACTIONS[action]?.label ?? action;
}

function Who({ actor }: { actor: AuditEvent['actor'] }) {
  return (
    <span className="admin-inline">
      <span className="admin-wrap">{actor.name}</span>
      {actor.kind !== 'user' && (
        <Tag minimal round intent={actor.kind === 'anonymous' ? Intent.WARNING : Intent.NONE}>
          {ACTOR_KINDS[actor.kind]}
        </Tag>
      )}
    </span>
  );
}

function Target({ target }: { target: AuditEvent['target'] }) {
  return (
    <span>
      {TARGET_LABELS[target.type] ?? target.type}
      {target.id && <span className={Classes.TEXT_MUTED}> #{target.id}</span>}
    </span>
  );
}

function When({ at }: { at: string }) {
  return <time dateTime={at}>{formatDateTime(at)}</time>;
}

/** The records as a table, on a wide screen. */
export function AuditTable({ events }: { events: readonly AuditEvent[] }) {
  return (
    <div className="admin-table-wrap">
      <HTMLTable compact striped className="admin-table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">Details</th>
            <th scope="col">Address</th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr key={event.id}>
              <td className="admin-nowrap">
                <When at={event.at} />
              </td>
              <td>
                <Who actor={event.actor} />
              </td>
              <td>{actionLabel(event.action)}</td>
              <td>
                <Target target={event.target} />
              </td>
              <td>
                <AuditSummaryText summary={event.summary} />
              </td>
              <td className="admin-nowrap">{event.clientAddress ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

/** The records as a list of cards, on a narrow screen. */
export function AuditCards({ events }: { events: readonly AuditEvent[] }) {
  return (
    <ul className="admin-rows">
      {events.map((event) => (
        <li key={event.id} className="audit-card">
          <div className="admin-inline audit-card__head">
            <strong>{actionLabel(event.action)}</strong>
            <span className={Classes.TEXT_MUTED}>
              <When at={event.at} />
            </span>
          </div>
          <Who actor={event.actor} />
          <div>
            <Target target={event.target} />
            {event.clientAddress && <span className={Classes.TEXT_MUTED}> · from {event.clientAddress}</span>}
          </div>
          {summaryLines(event.summary).length > 0 && <AuditSummaryText summary={event.summary} />}
        </li>
      ))}
    </ul>
  );
}
