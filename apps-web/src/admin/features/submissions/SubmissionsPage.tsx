import { Button, Card, Classes, ControlGroup, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { AdminSubmission } from '@msp/shared/browser';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { errorText, hasStatus } from '../../../lib/api-errors.js';
import { useQueryErrorToast } from '../../api/use-error-toast.js';
import { AdminState } from '../../components/AdminState.js';
import { useAdminTitle } from '../../lib/use-admin-title.js';
import { useDebouncedValue } from '../../lib/use-debounced-value.js';
import { useMediaQuery } from '../../../lib/use-media-query.js';
import { ListSkeleton } from '../../components/ListSkeleton.js';
import { DeleteSubmissionAlert } from './DeleteSubmissionAlert.js';
import { useSubmission, useSubmissions } from './queries.js';
import { SubmissionDetail } from './SubmissionDetail.js';
import { SubmissionList } from './SubmissionList.js';
import { Pager } from '../../components/Pager.js';
import './submissions.css';
import { LoadFailedState } from '../../components/LoadFailedState.js';
import { pageParam, useUrlParams } from '../../lib/use-url-params.js';

// The export form, its validation and the email chips load when the dialog is first wanted.
const loadExportDialog = () => import('./ExportSubmissionsDialog.js');
const ExportSubmissionsDialog = lazy(loadExportDialog);

/** Below this width the list and the detail share one column: the detail replaces the list. */
const NARROW = '(max-width: 899px)';
const SEARCH_DELAY_MS = 300;

const count = new Intl.NumberFormat('en-US');

/** The screen's place, kept in the URL (?page=2&search=acme&id=…) so Back and links restore it. */
function useSubmissionsLocation() {
  const { params, update } = useUrlParams();
  const page = pageParam(params);
  const search = params.get('search') ?? '';
  const source = params.get('source') ?? '';
  const campaign = params.get('campaign') ?? '';
  const selectedId = params.get('id');
  return { page, search, source, campaign, selectedId, update };
}

/**
 * A text box whose settled value (after a pause in typing) replaces a parameter of the screen's
 * URL and starts at the first page; typing adds no history entries.
 */
function useSettledText(current: string, settle: (value: string) => void) {
  const [text, setText] = useState(current);
  const settled = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  useEffect(() => {
    if (settled !== current) settle(settled);
    // Only the settled text changes the URL; the URL's own changes must not loop back here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return [text, setText] as const;
}

/**
 * Assessment Submissions (/admin/submissions): the list with its total, search and pages on the
 * left, the chosen submission's detail and actions on the right, and the export by domain (spec 2).
 */
export default function SubmissionsPage() {
  useAdminTitle('Assessment Submissions');
  const { page, search, source, campaign, selectedId, update } = useSubmissionsLocation();
  const narrow = useMediaQuery(NARROW);

  const [term, setTerm] = useState(search);
  const settledTerm = useDebouncedValue(term.trim(), SEARCH_DELAY_MS);
  useEffect(() => {
    // A new search starts at its first page; typing does not add history entries.
    if (settledTerm !== search) update({ search: settledTerm, page: null }, true);
    // Only the settled text starts a search; the URL's own changes must not loop back here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledTerm]);

  const [sourceText, setSourceText] = useSettledText(source, (value) =>
    update({ source: value, page: null }, true),
  );
  const [campaignText, setCampaignText] = useSettledText(campaign, (value) =>
    update({ campaign: value, page: null }, true),
  );
  const filtered = Boolean(source || campaign);
  const clearFilters = () => {
    setSourceText('');
    setCampaignText('');
  };

  const list = useSubmissions({ page, search, source, campaign });
  useQueryErrorToast(list, 'Failed to fetch submissions');
  const detail = useSubmission(selectedId);
  useQueryErrorToast(detail, 'Failed to fetch the submission');

  const [deleting, setDeleting] = useState<AdminSubmission | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const [exportMounted, setExportMounted] = useState(false);

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

  // A page past the end (after deletions) goes back to the last one there is.
  const totalPages = list.data?.pagination.totalPages;
  useEffect(() => {
    if (totalPages !== undefined && totalPages > 0 && page > totalPages) {
      update({ page: String(totalPages) }, true);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, totalPages]);

  const openExport = () => {
    setExportMounted(true);
    setExportOpen(true);
  };
  const prefetchExport = () => void loadExportDialog();

  const selected: AdminSubmission | undefined =
    detail.data?.submission ?? list.data?.submissions.find((submission) => submission.id === selectedId);
  const total = list.data?.pagination.total;

  let listContent;
  if (list.isPending) {
    listContent = (
      <ListSkeleton
        label="Loading submissions"
        listClassName="skeleton-rows"
        cardClassName=""
        bare
        count={6}
      />
    );
  } else if (list.isError) {
    listContent = (
      <LoadFailedState
        title="Failed to fetch submissions"
        description={<code className="admin-error-text">{errorText(list.error)}</code>}
        query={list}
      />
    );
  } else if (list.data.submissions.length === 0) {
    listContent = filtered ? (
      <AdminState
        headingLevel={2}
        icon={IconNames.FILTER}
        title="No matching submissions"
        description={`No submission came from ${[
          source && `source “${source}”`,
          campaign && `campaign “${campaign}”`,
        ]
          .filter(Boolean)
          .join(' and ')}${search ? ` with a name, email or company matching “${search}”` : ''}.`}
        actions={<Button icon={IconNames.CROSS} text="Clear filters" onClick={clearFilters} />}
      />
    ) : search ? (
      <AdminState
        headingLevel={2}
        icon={IconNames.SEARCH}
        title="No matching submissions"
        description={`No submission has a name, email or company matching “${search}”.`}
        actions={<Button icon={IconNames.CROSS} text="Clear search" onClick={() => setTerm('')} />}
      />
    ) : (
      <AdminState
        headingLevel={2}
        icon={IconNames.INBOX}
        title="No submissions yet"
        description="Completed assessments appear here, newest first, as soon as visitors submit them."
      />
    );
  } else {
    listContent = (
      <>
        <div
          aria-busy={list.isPlaceholderData}
          className={list.isPlaceholderData ? 'admin-stale' : undefined}
        >
          <SubmissionList submissions={list.data.submissions} selectedId={selectedId} onSelect={select} />
        </div>
        <Pager
          label="Pages of submissions"
          pagination={list.data.pagination}
          loading={list.isPlaceholderData}
          onPage={(next) => update({ page: next === 1 ? null : String(next) })}
        />
      </>
    );
  }

  let detailContent;
  if (!selectedId) {
    detailContent = (
      <AdminState
        headingLevel={2}
        icon={IconNames.DOCUMENT_OPEN}
        title="No submission selected"
        description="Choose a submission in the list to see who sent it, its scores and every answer."
      />
    );
  } else if (detail.isError && hasStatus(detail.error, 404)) {
    detailContent = (
      <AdminState
        headingLevel={2}
        icon={IconNames.DOCUMENT}
        title="Submission not found"
        description="It may have been deleted. Choose another submission in the list."
      />
    );
  } else if (detail.isError && !selected) {
    detailContent = (
      <LoadFailedState
        title="Failed to fetch the submission"
        description={<code className="admin-error-text">{errorText(detail.error)}</code>}
        query={detail}
      />
    );
  } else if (!selected) {
    detailContent = (
      <div className="submission-detail" role="status" aria-label="Loading the submission">
        <span className={`skeleton-line skeleton-line--short ${Classes.SKELETON}`} />
        <span className={`skeleton-line ${Classes.SKELETON}`} />
        <span className={`skeleton-line ${Classes.SKELETON}`} />
        <span className={`skeleton-line skeleton-line--short ${Classes.SKELETON}`} />
      </div>
    );
  } else {
    detailContent = (
      <SubmissionDetail
        submission={selected}
        answers={detail.data?.answers}
        webhookDeliveries={detail.data?.webhookDeliveries}
        analysis={detail.data?.analysis}
        analysisPending={detail.data?.analysisPending ?? false}
        onRefresh={() => void detail.refetch()}
        refreshing={detail.isFetching}
        onDelete={() => {
          setDeleting(selected);
          setDeleteOpen(true);
        }}
      />
    );
  }

  const showList = !narrow || !selectedId;
  const showDetail = !narrow || selectedId;

  return (
    <div>
      <header className="admin-page-header">
        <div>
          <h1 className="admin-page-header__title admin-inline">
            Assessment Submissions
            {total !== undefined && (
              <Tag round intent={Intent.PRIMARY} className="submissions-total">
                {count.format(total)}
                <span className="visually-hidden">
                  {search || filtered
                    ? ' matching submissions'
                    : total === 1
                      ? ' submission'
                      : ' submissions'}
                </span>
              </Tag>
            )}
          </h1>
          <p className="admin-page-header__description">
            Every completed assessment: who sent it, how it scored and what was answered. Export one domain’s
            submissions, or all of them, as CSV or Excel (XLSX).
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
          <Button
            intent={Intent.PRIMARY}
            icon={IconNames.EXPORT}
            text="Export CSV / XLSX"
            onClick={openExport}
            onMouseEnter={prefetchExport}
            onFocus={prefetchExport}
          />
        </div>
      </header>

      <div className={narrow ? 'submissions-layout submissions-layout--narrow' : 'submissions-layout'}>
        {showList && (
          <Card className="admin-panel" role="region" aria-label="Submission list">
            <div className="admin-list submissions-search">
              <InputGroup
                type="search"
                leftIcon={IconNames.SEARCH}
                placeholder="Search name, email or company"
                aria-label="Search submissions"
                value={term}
                onValueChange={setTerm}
                rightElement={
                  list.isFetching && list.isPlaceholderData ? (
                    <Tag minimal role="status">
                      Searching…
                    </Tag>
                  ) : undefined
                }
              />
              <ControlGroup fill>
                <InputGroup
                  type="search"
                  placeholder="utm_source"
                  leftElement={
                    <span className={`${Classes.TEXT_MUTED} submissions-filter__label`} aria-hidden>
                      Source
                    </span>
                  }
                  aria-label="Filter by source"
                  value={sourceText}
                  onValueChange={setSourceText}
                />
                <InputGroup
                  type="search"
                  placeholder="utm_campaign"
                  leftElement={
                    <span className={`${Classes.TEXT_MUTED} submissions-filter__label`} aria-hidden>
                      Campaign
                    </span>
                  }
                  aria-label="Filter by campaign"
                  value={campaignText}
                  onValueChange={setCampaignText}
                />
              </ControlGroup>
            </div>
            {listContent}
          </Card>
        )}
        {showDetail && (
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
              {detailContent}
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
          <ExportSubmissionsDialog isOpen={exportOpen} onClose={() => setExportOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
