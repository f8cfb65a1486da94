import { Button, Card, Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { AdminSubmission, Pagination } from '@msp/shared/browser';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useQueryErrorToast } from '../../api/use-error-toast.js';
import { useAdminTitle } from '../../lib/use-admin-title.js';
import { useMediaQuery } from '../../../lib/use-media-query.js';
import { DeleteSubmissionAlert } from './DeleteSubmissionAlert.js';
import { useSubmission, useSubmissions } from './queries.js';
import { SubmissionDetailContent } from './SubmissionDetailContent.js';
import { SubmissionListContent } from './SubmissionListContent.js';
import { SubmissionsSearch } from './SubmissionsSearch.js';
import { totalLabel, totalText, useSubmissionsFilters } from './use-submissions-filters.js';
import { useClampedPage } from '../../lib/use-url-params.js';
import { useCheckedRows } from './use-checked-rows.js';
import { LeadStatusesButton } from './LeadStatusesButton.js';
import { usePermission } from '../../api/session.js';
import './submissions.css';

// The export form, its validation and the email chips load when the dialog is first wanted.
const loadExportDialog = () => import('./ExportSubmissionsDialog.js');
const ExportSubmissionsDialog = lazy(loadExportDialog);

/** Below this width the list and the detail share one column: the detail replaces the list. */
const NARROW = '(max-width: 899px)';

/** The screen's title with the list's total, said in full to a screen reader. */
function SubmissionsTitle({
  pagination,
  narrowed,
}: {
  pagination: Pagination | undefined;
  narrowed: boolean;
}) {
  return (
    <h1 className="admin-page-header__title admin-inline">
      Assessment Submissions
      {pagination !== undefined && (
        <Tag round intent={Intent.PRIMARY} className="submissions-total">
          {totalText(pagination)}
          <span className="visually-hidden">{totalLabel(pagination.total, narrowed)}</span>
        </Tag>
      )}
    </h1>
  );
}

/** An admin's buttons above the desk: the lead statuses and the export. */
function AdminActions({ onExport, onExportWanted }: { onExport: () => void; onExportWanted: () => void }) {
  return (
    <>
      <LeadStatusesButton />
      <Button
        intent={Intent.PRIMARY}
        icon={IconNames.EXPORT}
        text="Export CSV / XLSX"
        onClick={onExport}
        onMouseEnter={onExportWanted}
        onFocus={onExportWanted}
      />
    </>
  );
}

/**
 * Assessment Submissions (/admin/submissions): the list with its total, search and pages on the
 * left, the chosen submission's detail and actions on the right, and the export by domain.
 */
export default function SubmissionsPage() {
  useAdminTitle('Assessment Submissions');
  const filters = useSubmissionsFilters();
  const { page, search, attribution, language, visits, lead, selectedId, update, filtered } = filters;
  const narrow = useMediaQuery(NARROW);
  // The statuses' list and the exports are an admin's; every role reads the desk.
  const isAdmin = usePermission('admin');

  const list = useSubmissions({ page, search, attribution, language, visits, lead });
  useQueryErrorToast(list, 'Failed to fetch submissions');
  const detail = useSubmission(selectedId);
  useQueryErrorToast(detail, 'Failed to fetch the submission');

  const [deleting, setDeleting] = useState<AdminSubmission | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const [exportMounted, setExportMounted] = useState(false);
  const checks = useCheckedRows(
    list.data?.submissions,
    JSON.stringify({ page, search, attribution, language, visits, lead }),
  );

  const detailRef = useRef<HTMLDivElement>(null);
  const detailPanelRef = useRef<HTMLDivElement>(null);
  // Another submission starts at its top, not where the last one was scrolled to.
  useEffect(() => {
    detailPanelRef.current?.scrollTo({ top: 0 });
  }, [selectedId]);
  const select = (submission: AdminSubmission) => {
    update({ id: submission.id });
    // On a narrow screen the detail takes the list's place: move focus there with it.
    if (narrow) window.requestAnimationFrame(() => detailRef.current?.focus());
  };

  useClampedPage(page, list.data?.pagination.totalPages, update);

  const openExport = () => {
    setExportMounted(true);
    setExportOpen(true);
  };
  const prefetchExport = () => void loadExportDialog();

  const selected: AdminSubmission | undefined =
    detail.data?.submission ?? list.data?.submissions.find((submission) => submission.id === selectedId);
  const pagination = list.data?.pagination;

  return (
    <div>
      <header className="admin-page-header">
        <div>
          <SubmissionsTitle pagination={pagination} narrowed={Boolean(search) || filtered} />
          <p className="admin-page-header__description">
            Every completed assessment: who sent it, how it scored and what was answered, and where your team
            stands with it.
            {isAdmin && ' Export one domain’s submissions, or all of them, as CSV or Excel (XLSX).'}
          </p>
        </div>
        <div className="admin-inline">
          <Button
            icon={IconNames.REFRESH}
            text="Refresh"
            variant="outlined"
            loading={list.isFetching && !list.isPending && !list.isPlaceholderData}
            onClick={() => {
              void list.refetch();
              if (selectedId) void detail.refetch();
            }}
          />
          {isAdmin && <AdminActions onExport={openExport} onExportWanted={prefetchExport} />}
        </div>
      </header>

      <div className={narrow ? 'submissions-layout submissions-layout--narrow' : 'submissions-layout'}>
        {(!narrow || !selectedId) && (
          <Card className="admin-panel" role="region" aria-label="Submission list">
            <SubmissionsSearch
              term={filters.term}
              onTermChange={filters.setTerm}
              boxes={filters.boxes}
              language={language}
              onLanguageChange={filters.setLanguage}
              visits={visits}
              onVisitsChange={filters.setVisits}
              lead={lead}
              onLeadChange={filters.setLead}
              searching={list.isFetching && list.isPlaceholderData}
            />
            <SubmissionListContent
              list={list}
              filter={{ search, ...attribution, language, visits, lead }}
              selectedId={selectedId}
              onSelect={select}
              onClearFilters={filters.clearFilters}
              onClearSearch={() => filters.setTerm('')}
              onPage={(next) => update({ page: next === 1 ? null : String(next) })}
              checkedIds={checks.checkedIds}
              onCheck={checks.check}
              onCheckAll={checks.checkAll}
              onClearChecks={checks.clear}
            />
          </Card>
        )}
        {(!narrow || selectedId) && (
          <Card
            className="admin-panel submissions-panel--detail"
            role="region"
            aria-label="Submission detail"
          >
            {narrow && (
              <Button
                variant="minimal"
                icon={IconNames.ARROW_LEFT}
                text="Back to submissions"
                onClick={() => update({ id: null })}
              />
            )}
            <div ref={detailRef} tabIndex={-1} className="submissions-detail-focus">
              <SubmissionDetailContent
                selectedId={selectedId}
                detail={detail}
                selected={selected}
                onDelete={(submission) => {
                  setDeleting(submission);
                  setDeleteOpen(true);
                }}
                onOpen={(id) => update({ id })}
              />
            </div>
          </Card>
        )}
      </div>

      <DeleteSubmissionAlert
        submission={deleting}
        isOpen={deleteOpen}
        onClose={() => setDeleteOpen(false)}
        onDeleted={(deleted) => {
          if (deleted.id === selectedId) update({ id: null }, true);
        }}
      />
      {exportMounted && (
        <Suspense fallback={null}>
          <ExportSubmissionsDialog
            isOpen={exportOpen}
            onClose={() => setExportOpen(false)}
            attribution={attribution}
            language={language}
          />
        </Suspense>
      )}
    </div>
  );
}
