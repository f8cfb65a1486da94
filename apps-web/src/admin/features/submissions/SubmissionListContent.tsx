import { Button } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { AdminSubmission } from '@msp/shared/browser';
import { errorText } from '../../../lib/api-errors.js';
import { AdminState } from '../../components/AdminState.js';
import { ListSkeleton } from '../../components/ListSkeleton.js';
import { LoadFailedState } from '../../components/LoadFailedState.js';
import { Pager } from '../../components/Pager.js';
import type { useSubmissions } from './queries.js';
import { SubmissionList } from './SubmissionList.js';
import { usePermission } from '../../api/session.js';
import { BulkLeadBar } from './BulkLeadBar.js';
import { narrowedByFilters, noMatchDescription, type SubmissionsFilter } from './use-submissions-filters.js';

export interface SubmissionListContentProps {
  list: ReturnType<typeof useSubmissions>;
  filter: SubmissionsFilter;
  selectedId: string | null;
  onSelect: (submission: AdminSubmission) => void;
  onClearFilters: () => void;
  onClearSearch: () => void;
  onPage: (page: number) => void;
  /** The rows ticked for a change to several at once, and how the ticks change. */
  checkedIds: ReadonlySet<string>;
  onCheck: (submission: AdminSubmission, checked: boolean) => void;
  onCheckAll: (checked: boolean) => void;
  onClearChecks: () => void;
}

/** The list's panel below its search: loading, failed, empty (and why), or a page of submissions. */
export function SubmissionListContent({
  list,
  filter,
  selectedId,
  onSelect,
  onClearFilters,
  onClearSearch,
  onPage,
  checkedIds,
  onCheck,
  onCheckAll,
  onClearChecks,
}: SubmissionListContentProps) {
  const canWork = usePermission('work-leads');
  if (list.isPending) {
    return (
      <ListSkeleton
        label="Loading submissions"
        listClassName="skeleton-rows"
        cardClassName=""
        bare
        count={6}
      />
    );
  }
  if (list.isError) {
    return (
      <LoadFailedState
        title="Failed to fetch submissions"
        description={<code className="admin-error-text">{errorText(list.error)}</code>}
        query={list}
      />
    );
  }
  if (list.data.submissions.length === 0) {
    if (narrowedByFilters(filter)) {
      return (
        <AdminState
          headingLevel={2}
          icon={IconNames.FILTER}
          title="No matching submissions"
          description={noMatchDescription(filter)}
          actions={<Button icon={IconNames.CROSS} text="Clear filters" onClick={onClearFilters} />}
        />
      );
    }
    if (filter.search) {
      return (
        <AdminState
          headingLevel={2}
          icon={IconNames.SEARCH}
          title="No matching submissions"
          description={`No submission has a name, email or company matching “${filter.search}”.`}
          actions={<Button icon={IconNames.CROSS} text="Clear search" onClick={onClearSearch} />}
        />
      );
    }
    return (
      <AdminState
        headingLevel={2}
        icon={IconNames.INBOX}
        title="No submissions yet"
        description="Completed assessments appear here, newest first, as soon as visitors submit them."
      />
    );
  }
  return (
    <>
      <div aria-busy={list.isPlaceholderData} className={list.isPlaceholderData ? 'admin-stale' : undefined}>
        {canWork && (
          <BulkLeadBar
            submissions={list.data.submissions}
            checkedIds={checkedIds}
            onCheckAll={onCheckAll}
            onDone={onClearChecks}
          />
        )}
        <SubmissionList
          submissions={list.data.submissions}
          selectedId={selectedId}
          onSelect={onSelect}
          checkedIds={checkedIds}
          onCheck={canWork ? onCheck : undefined}
        />
      </div>
      <Pager
        label="Pages of submissions"
        pagination={list.data.pagination}
        loading={list.isPlaceholderData}
        onPage={onPage}
      />
    </>
  );
}
