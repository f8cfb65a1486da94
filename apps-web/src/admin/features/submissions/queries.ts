import { reportFileName, urlFor, type AdminSubmission, type ApiClient } from '@msp/shared/browser';
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { hasStatus } from '../../../lib/api-errors.js';
import { queryKey, urlKey } from '../../../lib/query-keys.js';
import { useApi } from '../../../platform/platform-context.js';
import { useAdminQuery } from '../../api/admin-query.js';
import { savedFileToast, useAdminMutation } from '../../api/use-admin-mutation.js';
import { ANALYTICS_KEY } from '../analytics/public.js';
import { STATS_KEY } from '../dashboard/public.js';
import { languageQuery } from '../../lib/languages.js';
import {
  attributionQuery,
  NO_LEAD_FILTER,
  type AttributionValues,
  type LeadFilter,
  type VisitsFilter,
} from './use-submissions-filters.js';
import { localDay, nextStepRange } from './lead-text.js';

/** How often the detail is read again while its analysis is being written. */
const ANALYSIS_POLL_MS = 2000;

/** Rows per page of the list: the server's default page. */
export const SUBMISSIONS_PAGE_SIZE = 25;

/** Prefix of every cached page of the list (each page and search is its own entry under it). */
export const SUBMISSIONS_KEY = queryKey('listSubmissions');
/** Prefix of the analytics by source (the panel keys each interval under it). */
const SOURCES_KEY = queryKey('getSourcesAnalytics');
/** Cache key of the export dialog's domains, which a deletion can change too. */
export const DOMAINS_KEY = queryKey('listSubmissionDomains');

export interface SubmissionsPageRequest {
  page: number;
  /** Matches name, email or company; empty for every submission. */
  search: string;
  /** Exactly these attribution values; an empty one for every value. */
  attribution: AttributionValues;
  /** The language the submissions were taken in; empty for every language. */
  language: string;
  /** First-time or returning visitors' submissions; empty for all. */
  visits: VisitsFilter;
  /** The lead desk's filters and order. */
  lead?: LeadFilter;
}

/** The lead filters as the list's query: ids as they are, the next-step window from the viewer's today. */
function leadQuery({ status, owner, nextStep, sort }: LeadFilter) {
  return {
    ...(status ? { status } : {}),
    ...(owner ? { owner } : {}),
    ...nextStepRange(nextStep, localDay()),
    ...(sort ? { sort } : {}),
  };
}

/** GET /api/admin/submissions: one page of the list, newest first. */
export const submissionsQuery = (
  api: ApiClient,
  { page, search, attribution, language, visits, lead = NO_LEAD_FILTER }: SubmissionsPageRequest,
) =>
  queryOptions({
    queryKey: queryKey('listSubmissions', { page, search, ...attribution, language, visits, ...lead }),
    queryFn: ({ signal }) =>
      api.call('listSubmissions', {
        query: {
          page,
          pageSize: SUBMISSIONS_PAGE_SIZE,
          ...(search ? { search } : {}),
          ...attributionQuery(attribution),
          ...languageQuery(language),
          ...(visits ? { visits } : {}),
          ...leadQuery(lead),
        },
        signal,
      }),
  });

/**
 * One page of the list. While the next page or search loads, the last one stays on screen (marked
 * as placeholder data), so paging never blanks the list.
 */
export function useSubmissions(request: SubmissionsPageRequest) {
  const api = useApi();
  return useAdminQuery({ ...submissionsQuery(api, request), placeholderData: keepPreviousData });
}

/** GET /api/admin/submissions/{id}: the submission with its answers as submitted. */
export const submissionQuery = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: queryKey('getSubmission', id),
    queryFn: ({ signal }) => api.call('getSubmission', { params: { id }, signal }),
  });

/** The selected submission's detail, or nothing while none is selected. */
export function useSubmission(id: string | null) {
  const api = useApi();
  return useAdminQuery({
    ...submissionQuery(api, id ?? ''),
    enabled: id !== null,
    // While a new analysis is being written, look again until it is there.
    refetchInterval: (query) => (query.state.data?.analysisPending ? ANALYSIS_POLL_MS : false),
  });
}

/** DELETE /api/admin/submissions/{id}: the list, the counts and the analytics all change. */
export function useDeleteSubmission({
  onDeleted,
}: { onDeleted?: (submission: AdminSubmission) => void } = {}) {
  const queryClient = useQueryClient();
  return useAdminMutation({
    call: (submission: AdminSubmission, { api }) =>
      api.call('deleteSubmission', { params: { id: submission.id } }),
    invalidates: [SUBMISSIONS_KEY, STATS_KEY, ANALYTICS_KEY, SOURCES_KEY, DOMAINS_KEY],
    success: 'Submission deleted successfully',
    failure: 'Failed to delete submission',
    onSuccess: (_result, submission) => {
      // Gone for good: drop its detail rather than refetch a 404.
      queryClient.removeQueries({ queryKey: queryKey('getSubmission', submission.id) });
      onDeleted?.(submission);
    },
  });
}

/**
 * POST /api/admin/submissions/{id}/clear-ai: regenerates the analysis. The server clears it and
 * queues a job that writes a new one; the detail is read again (and polled while the job runs).
 */
export function useRegenerateSubmissionAnalysis({ onQueued }: { onQueued?: () => void } = {}) {
  return useAdminMutation({
    call: (submission: AdminSubmission, { api }) =>
      api.call('clearSubmissionAnalysis', { params: { id: submission.id } }),
    // The results page of this same app caches the analysis under the results path.
    invalidates: (_result, submission) => [
      queryKey('getSubmission', submission.id),
      urlKey('getResults', { submissionId: submission.id }),
    ],
    success: 'A new analysis is being written.',
    failure: 'Failed to regenerate the analysis',
    onSuccess: () => onQueued?.(),
  });
}

/**
 * POST /api/admin/submissions/{id}/resend-webhook: a new delivery, attempted at once; the detail
 * is read again so its delivery log shows it.
 */
export function useResendSubmissionWebhook() {
  const queryClient = useQueryClient();
  return useAdminMutation({
    call: (submission: AdminSubmission, { api }) =>
      api.call('resendSubmissionWebhook', { params: { id: submission.id } }),
    success: 'Webhook re-sent successfully',
    failure: 'Failed to re-send webhook',
    // After the toast, not before: the delivery is already made, only its log is being reread.
    onSuccess: (_result, submission) =>
      queryClient.invalidateQueries({ queryKey: queryKey('getSubmission', submission.id) }),
  });
}

/** "submission-<id>.json", the name the server gives it. */
export const submissionFileName = (id: string) => `submission-${id}.json`;

/**
 * GET /api/admin/submissions/{id}/export, saved through the host as a JSON file. A save the user
 * cancels says nothing.
 */
export function useExportSubmission() {
  return useAdminMutation({
    call: (submission: AdminSubmission, { platform }) =>
      platform.saveFile({
        fileName: submissionFileName(submission.id),
        mimeType: 'application/json',
        source: { apiPath: urlFor('exportSubmission', { id: submission.id }) },
      }),
    success: (saved) => savedFileToast(saved, 'Submission exported'),
    failure: 'Failed to export submission',
  });
}

/**
 * GET /api/admin/submissions/{id}/report.pdf, the PDF report its visitor can download, saved
 * through the host: a native save dialog on desktop, a download in the browser. The paper is left
 * to the server (the region of the admin's language, else the configured default). A 404 means
 * the submission was deleted meanwhile: the list and the detail are read again, so they say so.
 */
export function useDownloadSubmissionReport() {
  const queryClient = useQueryClient();
  return useAdminMutation({
    call: (submission: AdminSubmission, { platform }) =>
      platform.saveFile({
        fileName: reportFileName({
          company: submission.demographicData.company,
          submittedAt: submission.submittedAt,
        }),
        mimeType: 'application/pdf',
        source: { apiPath: urlFor('getSubmissionReport', { id: submission.id }) },
      }),
    success: (saved) => savedFileToast(saved, 'PDF report saved'),
    failure: (error) =>
      hasStatus(error, 404)
        ? 'This submission no longer exists: it was deleted.'
        : 'Failed to download the PDF report',
    onError: (error, submission) => {
      if (!hasStatus(error, 404)) return;
      void queryClient.invalidateQueries({ queryKey: SUBMISSIONS_KEY });
      void queryClient.invalidateQueries({ queryKey: queryKey('getSubmission', submission.id) });
    },
  });
}

/** GET /api/admin/submissions/{id}/email-preview: the results email as the active template renders it. */
export const emailPreviewQuery = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: queryKey('getSubmissionEmailPreview', id),
    queryFn: ({ signal }) => api.call('getSubmissionEmailPreview', { params: { id }, signal }),
  });

/** The email preview of a submission, read while its dialog is open. */
export function useEmailPreview(id: string, enabled: boolean) {
  const api = useApi();
  return useAdminQuery({ ...emailPreviewQuery(api, id), enabled });
}

/** GET /api/admin/submissions/domains: every submitter domain, with its count. */
export const domainsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: DOMAINS_KEY,
    queryFn: ({ signal }) => api.call('listSubmissionDomains', { signal }),
  });

export function useSubmissionDomains() {
  const api = useApi();
  return useAdminQuery(domainsQuery(api));
}

/** GET /api/admin/submissions/domain-emails?domain=: the submitters of one domain. */
export const domainEmailsQuery = (api: ApiClient, domain: string) =>
  queryOptions({
    queryKey: queryKey('listDomainEmails', domain),
    queryFn: ({ signal }) => api.call('listDomainEmails', { query: { domain }, signal }),
  });

/** The chosen domain's submitter emails; nothing until a domain is chosen. */
export function useDomainEmails(domain: string) {
  const api = useApi();
  return useAdminQuery({ ...domainEmailsQuery(api, domain), enabled: domain !== '' });
}
