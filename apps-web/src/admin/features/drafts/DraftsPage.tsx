import { Button, Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { DRAFT_RETENTION_DAYS } from '@msp/shared/browser';
import { errorText } from '../../../lib/api-errors.js';
import { useQueryErrorToast } from '../../api/use-error-toast.js';
import { AdminPanel } from '../../components/AdminPanel.js';
import { AdminState } from '../../components/AdminState.js';
import { ListSkeleton } from '../../components/ListSkeleton.js';
import { LoadFailedState } from '../../components/LoadFailedState.js';
import { Pager } from '../../components/Pager.js';
import { queryFilters } from '../../lib/date-range.js';
import { useAdminTitle } from '../../lib/use-admin-title.js';
import { useClampedPage } from '../../lib/use-url-params.js';
import { DraftFiltersForm } from './DraftFiltersForm.js';
import { DraftList } from './DraftList.js';
import { useDrafts, useExportDrafts } from './queries.js';
import { useDraftsFilters } from './use-drafts-filters.js';
import './drafts.css';

const count = new Intl.NumberFormat('en-US');

/**
 * In progress (/admin/drafts): the unfinished assessments visitors saved with "Continue later",
 * newest activity first, with how far each got; searchable, by language and by days of last
 * activity, and the matching ones as a CSV file. While a consent statement is set, the server
 * lists only the drafts whose visitor ticked it.
 */
export default function DraftsPage() {
  useAdminTitle('In progress');
  const filterState = useDraftsFilters();
  const { page, filters, update, filtered } = filterState;
  const readWith = queryFilters(filters);

  const list = useDrafts(page, readWith);
  useQueryErrorToast(list, 'Failed to fetch the saved drafts');
  const exportDrafts = useExportDrafts();
  useClampedPage(page, list.data?.pagination.totalPages, update);
  const total = list.data?.pagination.total;

  let content;
  if (list.isPending) {
    content = (
      <ListSkeleton
        label="Loading saved drafts"
        listClassName="skeleton-rows"
        cardClassName=""
        bare
        count={6}
      />
    );
  } else if (list.isError) {
    content = (
      <LoadFailedState
        title="Failed to fetch the saved drafts"
        description={<code className="admin-error-text">{errorText(list.error)}</code>}
        query={list}
      />
    );
  } else if (list.data.drafts.length === 0) {
    content = filtered ? (
      <AdminState
        headingLevel={2}
        icon={IconNames.FILTER_REMOVE}
        title="No matching drafts"
        description="No saved draft matches these filters."
        actions={<Button icon={IconNames.CROSS} text="Clear filters" onClick={filterState.clearFilters} />}
      />
    ) : (
      <AdminState
        headingLevel={2}
        icon={IconNames.TIME}
        title="No one has saved an unfinished assessment"
        description={`When a visitor presses “Continue later”, their assessment appears here until they submit it, or for ${DRAFT_RETENTION_DAYS} days after their last activity.`}
      />
    );
  } else {
    content = (
      <>
        <div
          aria-busy={list.isPlaceholderData}
          className={list.isPlaceholderData ? 'admin-stale' : undefined}
        >
          <DraftList drafts={list.data.drafts} />
        </div>
        <Pager
          label="Pages of saved drafts"
          pagination={list.data.pagination}
          loading={list.isPlaceholderData}
          onPage={(next) => update({ page: next === 1 ? null : String(next) })}
        />
      </>
    );
  }

  return (
    <div>
      <header className="admin-page-header">
        <div>
          <h1 className="admin-page-header__title admin-inline">
            In progress
            {total !== undefined && (
              <Tag round intent={Intent.PRIMARY}>
                {count.format(total)}
                <span className="visually-hidden">
                  {filtered ? ' matching' : ''} {total === 1 ? 'saved draft' : 'saved drafts'}
                </span>
              </Tag>
            )}
          </h1>
          <p className="admin-page-header__description">
            Assessments visitors started and saved to continue later: who, since when, and how far they got.
            While a consent statement is set, only visitors who ticked it are listed.
          </p>
        </div>
        <Button
          icon={IconNames.DOWNLOAD}
          text="Export CSV"
          loading={exportDrafts.isPending}
          disabled={total === 0}
          onClick={() => exportDrafts.mutate(readWith)}
        />
      </header>

      <AdminPanel role="region" aria-label="Saved drafts">
        <DraftFiltersForm state={filterState} searching={list.isFetching && list.isPlaceholderData} />
        {content}
      </AdminPanel>
    </div>
  );
}
