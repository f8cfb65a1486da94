import { Button } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { errorText } from '../../../lib/api-errors.js';
import { useMediaQuery } from '../../../lib/use-media-query.js';
import { useQueryErrorToast } from '../../api/use-error-toast.js';
import { AdminPanel } from '../../components/AdminPanel.js';
import { AdminState } from '../../components/AdminState.js';
import { BackToDashboard } from '../../components/BackToDashboard.js';
import { ListSkeleton } from '../../components/ListSkeleton.js';
import { LoadFailedState } from '../../components/LoadFailedState.js';
import { Pager } from '../../components/Pager.js';
import { useAdminTitle } from '../../lib/use-admin-title.js';
import { AuditCards, AuditTable } from './AuditEvents.js';
import { AuditFiltersForm } from './AuditFiltersForm.js';
import { useAuditEvents, useExportAudit } from './queries.js';
import { useAuditFilters } from './use-audit-filters.js';
import { queryFilters } from '../../lib/date-range.js';
import { useClampedPage } from '../../lib/use-url-params.js';
import './audit.css';

/** Below this width the table becomes a list of cards. */
const NARROW = '(max-width: 860px)';

/**
 * Audit Log (/admin/audit): who changed or exported what, when and from where, newest first, with
 * filters by person, action, target and day, and the matching records as a CSV file. Read-only:
 * nothing in the product edits or deletes a record.
 */
export default function AuditLogPage() {
  useAdminTitle('Audit Log');
  const filterState = useAuditFilters();
  const { page, filters, update, filtered } = filterState;
  const narrow = useMediaQuery(NARROW);

  const list = useAuditEvents(page, queryFilters(filters));
  useQueryErrorToast(list, 'Failed to load the audit log');
  const exportLog = useExportAudit();
  useClampedPage(page, list.data?.pagination.totalPages, update);

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
        actions={<Button icon={IconNames.CROSS} text="Clear filters" onClick={filterState.clearFilters} />}
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
        <AuditFiltersForm state={filterState} />
        {content}
      </AdminPanel>
    </div>
  );
}
