import {
  Button,
  Classes,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  Tag,
} from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  type AuditAction,
  type AuditEvent,
  type AuditTargetType,
} from '@msp/shared/browser';
import { useEffect, useState } from 'react';
import { errorText } from '../../../lib/api-errors.js';
import { useMediaQuery } from '../../../lib/use-media-query.js';
import { useQueryErrorToast } from '../../api/use-error-toast.js';
import { AdminPanel } from '../../components/AdminPanel.js';
import { AdminState } from '../../components/AdminState.js';
import { BackToDashboard } from '../../components/BackToDashboard.js';
import { ListSkeleton } from '../../components/ListSkeleton.js';
import { LoadFailedState } from '../../components/LoadFailedState.js';
import { Pager } from '../../components/Pager.js';
import { formatDateTime } from '../../lib/format-date.js';
import { useAdminTitle } from '../../lib/use-admin-title.js';
import { useDebouncedValue } from '../../lib/use-debounced-value.js';
import { AuditSummaryText } from './AuditSummaryText.js';
import { useAuditEvents, useExportAudit, type AuditFilters } from './queries.js';
import { summaryLines } from './summary-text.js';
import './audit.css';
import { pageParam, useUrlParams } from '../../lib/use-url-params.js';

/** Below this width the table becomes a list of cards. */
const NARROW = '(max-width: 860px)';
const TYPING_DELAY_MS = 300;

const FILTER_NAMES = ['actor', 'action', 'targetType', 'targetId', 'startDate', 'endDate'] as const;

const TARGET_LABELS: Record<AuditTargetType, string> = {
  pillar: 'Pillar',
  question: 'Question',
  demographic_field: 'Demographic field',
  consent_statement: 'Consent statement',
  matrix_cell: 'Matrix cell',
  email_template: 'Email template',
  content: 'Content',
  submission: 'Submission',
  user: 'User',
  api_key: 'API key',
  integration: 'Integration',
  audit: 'Audit log',
};

const ACTOR_KINDS: Record<AuditEvent['actor']['kind'], string> = {
  user: 'User',
  api_key: 'API key',
  anonymous: 'Not signed in',
  // The server console's account, or a setting the server acts on (the retention run): the name says which.
  operator: 'Server',
};

/** The screen's place in the URL (?page=2&action=user.role…), so Back and shared links restore it. */
function useAuditLocation() {
  const { params, update } = useUrlParams();
  const page = pageParam(params);
  const filters: AuditFilters = Object.fromEntries(
    FILTER_NAMES.flatMap((name) => {
      const value = params.get(name);
      return value ? [[name, value]] : [];
    }),
  );
  return { page, filters, update };
}

function actionLabel(action: AuditAction): string {
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

function AuditTable({ events }: { events: readonly AuditEvent[] }) {
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

function AuditCards({ events }: { events: readonly AuditEvent[] }) {
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

/**
 * Audit Log (/admin/audit): who changed or exported what, when and from where, newest first, with
 * filters by person, action, target and day, and the matching records as a CSV file. Read-only:
 * nothing in the product edits or deletes a record.
 */
export default function AuditLogPage() {
  useAdminTitle('Audit Log');
  const { page, filters, update } = useAuditLocation();
  const narrow = useMediaQuery(NARROW);

  // The text filters apply once typing settles; the lists and dates at once.
  const [actorText, setActorText] = useState(filters.actor ?? '');
  const [targetIdText, setTargetIdText] = useState(filters.targetId ?? '');
  const settledActor = useDebouncedValue(actorText.trim(), TYPING_DELAY_MS);
  const settledTargetId = useDebouncedValue(targetIdText.trim(), TYPING_DELAY_MS);
  useEffect(() => {
    if (settledActor !== (filters.actor ?? '') || settledTargetId !== (filters.targetId ?? '')) {
      update({ actor: settledActor, targetId: settledTargetId, page: null }, true);
    }
    // Only settled text filters; the URL's own changes must not loop back here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledActor, settledTargetId]);

  const setFilter = (name: keyof AuditFilters, value: string) => update({ [name]: value, page: null });
  const filtered = FILTER_NAMES.some((name) => filters[name]);
  const clearFilters = () => {
    setActorText('');
    setTargetIdText('');
    update({ ...Object.fromEntries(FILTER_NAMES.map((name) => [name, null])), page: null });
  };
  const datesBackwards = Boolean(filters.startDate && filters.endDate && filters.startDate > filters.endDate);

  const list = useAuditEvents(page, datesBackwards ? { ...filters, endDate: undefined } : filters);
  useQueryErrorToast(list, 'Failed to load the audit log');
  const exportLog = useExportAudit();

  const totalPages = list.data?.pagination.totalPages;
  useEffect(() => {
    if (totalPages !== undefined && totalPages > 0 && page > totalPages) {
      update({ page: String(totalPages) }, true);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, totalPages]);

  let content;
  if (list.isPending) {
    content = (
      <ListSkeleton
        label="Loading the audit log"
        listClassName="admin-rows"
        cardClassName="audit-card"
        bare
        count={6}
      />
    );
  } else if (list.isError) {
    content = (
      <LoadFailedState
        title="Failed to load the audit log"
        description={<code className="admin-error-text">{errorText(list.error)}</code>}
        query={list}
      />
    );
  } else if (list.data.events.length === 0) {
    content = filtered ? (
      <AdminState
        headingLevel={2}
        icon={IconNames.FILTER_REMOVE}
        title="No matching records"
        description="No change or export matches these filters."
        actions={<Button icon={IconNames.CROSS} text="Clear filters" onClick={clearFilters} />}
      />
    ) : (
      <AdminState
        headingLevel={2}
        icon={IconNames.HISTORY}
        title="Nothing recorded yet"
        description="Changes to content, users and keys, exports and sign-ins appear here as they happen."
      />
    );
  } else {
    content = (
      <>
        <div aria-busy={list.isPlaceholderData}>
          {narrow ? <AuditCards events={list.data.events} /> : <AuditTable events={list.data.events} />}
        </div>
        <Pager
          label="Pages of the audit log"
          pagination={list.data.pagination}
          loading={list.isPlaceholderData}
          onPage={(next) => update({ page: next === 1 ? null : String(next) })}
        />
      </>
    );
  }

  return (
    <div>
      <BackToDashboard />
      <header className="admin-page-header">
        <div>
          <h1 className="admin-page-header__title">Audit Log</h1>
          <p className="admin-page-header__description">
            Every change to content, users and API keys, every export and every sign-in: who, when, from which
            address and what changed. Records cannot be edited or deleted.
          </p>
        </div>
        <Button
          icon={IconNames.DOWNLOAD}
          text="Export CSV"
          loading={exportLog.isPending}
          disabled={list.data?.pagination.total === 0}
          onClick={() => exportLog.mutate(filters)}
        />
      </header>

      <AdminPanel bare={narrow} role="region" aria-labelledby="audit-heading">
        <div className="admin-panel__header">
          <h2 id="audit-heading" className="admin-title">
            Records
          </h2>
          {list.isSuccess && (
            <p className="admin-note">
              {new Intl.NumberFormat('en-US').format(list.data.pagination.total)}{' '}
              {list.data.pagination.total === 1 ? 'record' : 'records'}
              {filtered ? ' match' : ''}
            </p>
          )}
        </div>
        <form
          className="admin-filters"
          role="search"
          aria-label="Filter the audit log"
          onSubmit={(e) => e.preventDefault()}
        >
          <FormGroup label="Person or key" labelFor="audit-actor">
            <InputGroup
              id="audit-actor"
              type="search"
              leftIcon={IconNames.PERSON}
              placeholder="Email or key name"
              value={actorText}
              onValueChange={setActorText}
            />
          </FormGroup>
          <FormGroup label="Action" labelFor="audit-action">
            <HTMLSelect
              id="audit-action"
              fill
              value={filters.action ?? ''}
              onChange={(event) => setFilter('action', event.currentTarget.value)}
            >
              <option value="">All actions</option>
              {(Object.keys(AUDIT_ACTIONS) as AuditAction[]).map((action) => (
                <option key={action} value={action}>
                  {actionLabel(action)}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label="Target" labelFor="audit-target-type">
            <HTMLSelect
              id="audit-target-type"
              fill
              value={filters.targetType ?? ''}
              onChange={(event) => setFilter('targetType', event.currentTarget.value)}
            >
              <option value="">Anything</option>
              {AUDIT_TARGET_TYPES.map((type) => (
                <option key={type} value={type}>
                  {TARGET_LABELS[type]}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label="Target id" labelFor="audit-target-id">
            <InputGroup
              id="audit-target-id"
              placeholder="e.g. 42"
              value={targetIdText}
              onValueChange={setTargetIdText}
            />
          </FormGroup>
          <FormGroup label="From" labelFor="audit-from">
            <InputGroup
              id="audit-from"
              type="date"
              value={filters.startDate ?? ''}
              onValueChange={(value) => setFilter('startDate', value)}
            />
          </FormGroup>
          <FormGroup
            label="To"
            labelFor="audit-to"
            intent={datesBackwards ? Intent.DANGER : Intent.NONE}
            helperText={datesBackwards ? 'Must be on or after From' : undefined}
          >
            <InputGroup
              id="audit-to"
              type="date"
              intent={datesBackwards ? Intent.DANGER : Intent.NONE}
              value={filters.endDate ?? ''}
              onValueChange={(value) => setFilter('endDate', value)}
            />
          </FormGroup>
          {filtered && (
            <Button
              className="admin-filters__clear"
              variant="minimal"
              icon={IconNames.CROSS}
              text="Clear filters"
              onClick={clearFilters}
            />
          )}
        </form>
        {content}
      </AdminPanel>
    </div>
  );
}
