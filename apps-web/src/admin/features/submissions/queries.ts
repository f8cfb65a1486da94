import { Intent } from '@blueprintjs/core';
import { endpoints, urlFor, type AdminSubmission, type ApiClient } from '@msp/shared/browser';
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../../lib/toasts.js';
import { useApi, usePlatform } from '../../../platform/platform-context.js';
import { useAdminMutation, useAdminQuery } from '../../api/admin-query.js';
import { useErrorToast } from '../../api/use-error-toast.js';
import { ANALYTICS_KEY } from '../analytics/queries.js';
import { STATS_KEY } from '../dashboard/queries.js';

/** Rows per page of the list: the server's default page. */
export const SUBMISSIONS_PAGE_SIZE = 25;

/** Prefix of every cached page of the list (each page and search is its own entry under it). */
export const SUBMISSIONS_KEY = [endpoints.listSubmissions.path] as const;
/** Cache key of the export dialog's domains, which a deletion can change too. */
export const DOMAINS_KEY = [endpoints.listSubmissionDomains.path] as const;

export interface SubmissionsPageRequest {
  page: number;
  /** Matches name, email or company; empty for every submission. */
  search: string;
}

/** GET /api/admin/submissions: one page of the list, newest first. */
export const submissionsQuery = (api: ApiClient, { page, search }: SubmissionsPageRequest) =>
  queryOptions({
    queryKey: [...SUBMISSIONS_KEY, { page, search }] as const,
    queryFn: ({ signal }) =>
      api.call('listSubmissions', {
        query: { page, pageSize: SUBMISSIONS_PAGE_SIZE, ...(search ? { search } : {}) },
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
    queryKey: [endpoints.getSubmission.path, id] as const,
    queryFn: ({ signal }) => api.call('getSubmission', { params: { id }, signal }),
  });

/** The selected submission's detail, or nothing while none is selected. */
export function useSubmission(id: string | null) {
  const api = useApi();
  return useAdminQuery({ ...submissionQuery(api, id ?? ''), enabled: id !== null });
}

/** DELETE /api/admin/submissions/{id}: the list, the counts and the analytics all change. */
export function useDeleteSubmission({
  onDeleted,
}: { onDeleted?: (submission: AdminSubmission) => void } = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { show } = useToast();
  const toastError = useErrorToast();
  return useAdminMutation({
    mutationFn: (submission: AdminSubmission) =>
      api.call('deleteSubmission', { params: { id: submission.id } }),
    invalidates: [SUBMISSIONS_KEY, STATS_KEY, ANALYTICS_KEY, DOMAINS_KEY],
    onSuccess: (_result, submission) => {
      // Gone for good: drop its detail rather than refetch a 404.
      queryClient.removeQueries({ queryKey: submissionQuery(api, submission.id).queryKey });
      show({ title: 'Submission deleted successfully', intent: Intent.SUCCESS });
      onDeleted?.(submission);
    },
    onError: (error) => toastError(error, 'Failed to delete submission'),
  });
}

/** POST /api/admin/submissions/{id}/clear-ai: the next view of the results writes a new analysis. */
export function useClearSubmissionAnalysis() {
  const api = useApi();
  const queryClient = useQueryClient();
  const { show } = useToast();
  const toastError = useErrorToast();
  return useAdminMutation({
    mutationFn: (submission: AdminSubmission) =>
      api.call('clearSubmissionAnalysis', { params: { id: submission.id } }),
    onSuccess: async (_result, submission) => {
      // The results page of this same app caches the analysis under the results path.
      await queryClient.invalidateQueries({
        queryKey: [urlFor('getResults', { submissionId: submission.id })],
      });
      show({ title: 'AI analysis cleared. It will be regenerated on next view.', intent: Intent.SUCCESS });
    },
    onError: (error) => toastError(error, 'Failed to clear AI analysis'),
  });
}

/**
 * POST /api/admin/submissions/{id}/resend-webhook: a new delivery, attempted at once; the detail
 * is read again so its delivery log shows it.
 */
export function useResendSubmissionWebhook() {
  const api = useApi();
  const queryClient = useQueryClient();
  const { show } = useToast();
  const toastError = useErrorToast();
  return useAdminMutation({
    mutationFn: (submission: AdminSubmission) =>
      api.call('resendSubmissionWebhook', { params: { id: submission.id } }),
    onSuccess: async (_result, submission) => {
      show({ title: 'Webhook re-sent successfully', intent: Intent.SUCCESS });
      await queryClient.invalidateQueries({ queryKey: submissionQuery(api, submission.id).queryKey });
    },
    onError: (error) => toastError(error, 'Failed to re-send webhook'),
  });
}

/** "submission-<id>.json", the name the server gives it. */
export const submissionFileName = (id: string) => `submission-${id}.json`;

/**
 * GET /api/admin/submissions/{id}/export, saved through the host as a JSON file. A save the user
 * cancels says nothing.
 */
export function useExportSubmission() {
  const platform = usePlatform();
  const { show } = useToast();
  const toastError = useErrorToast();
  return useAdminMutation({
    mutationFn: (submission: AdminSubmission) =>
      platform.saveFile({
        fileName: submissionFileName(submission.id),
        mimeType: 'application/json',
        source: { apiPath: urlFor('exportSubmission', { id: submission.id }) },
      }),
    onSuccess: (saved) => {
      if (saved.status !== 'saved') return;
      show({
        title: 'Submission exported',
        description: `Saved as ${saved.fileName}`,
        intent: Intent.SUCCESS,
        action: saved.showInFolder && { text: 'Show in folder', onClick: saved.showInFolder },
      });
    },
    onError: (error) => toastError(error, 'Failed to export submission'),
  });
}

/**
 * Opens the submission's email, rendered with the active template, in a popup through the host
 * (spec 2); says so when the browser blocks it (spec 8).
 */
export function usePreviewSubmissionEmail(): (submission: AdminSubmission) => void {
  const platform = usePlatform();
  const { show } = useToast();
  return (submission) => {
    const opened = platform.openPopup(
      urlFor('previewSubmissionEmail', { id: submission.id }, undefined, platform.apiBaseUrl),
    );
    if (!opened) {
      show({
        title: 'Popup blocked',
        description: 'Please allow popups to preview the email template.',
        intent: Intent.WARNING,
      });
    }
  };
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
    queryKey: [endpoints.listDomainEmails.path, domain] as const,
    queryFn: ({ signal }) => api.call('listDomainEmails', { query: { domain }, signal }),
  });

/** The chosen domain's submitter emails; nothing until a domain is chosen. */
export function useDomainEmails(domain: string) {
  const api = useApi();
  return useAdminQuery({ ...domainEmailsQuery(api, domain), enabled: domain !== '' });
}
