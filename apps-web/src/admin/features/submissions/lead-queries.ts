import type {
  AdminSubmission,
  ApiClient,
  LeadNote,
  SaveLeadStatusesRequest,
  UpdateLeadRequest,
} from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { queryKey } from '../../../lib/query-keys.js';
import { useApi } from '../../../platform/platform-context.js';
import { useAdminQuery } from '../../api/admin-query.js';
import { useAdminMutation } from '../../api/use-admin-mutation.js';
import { SUBMISSIONS_KEY } from './queries.js';

/** Cache key of the statuses (their names show on every row). */
export const LEAD_STATUSES_KEY = queryKey('listLeadStatuses');
const LEAD_OWNERS_KEY = queryKey('listLeadOwners');

/** GET /api/admin/lead-statuses: the statuses in order, with their counts. */
export const leadStatusesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: LEAD_STATUSES_KEY,
    queryFn: ({ signal }) => api.call('listLeadStatuses', { signal }),
  });

export function useLeadStatuses() {
  const api = useApi();
  return useAdminQuery(leadStatusesQuery(api));
}

/** GET /api/admin/lead-owners: the approved admins a lead can be given to. */
export function useLeadOwners() {
  const api = useApi();
  return useAdminQuery(
    queryOptions({
      queryKey: LEAD_OWNERS_KEY,
      queryFn: ({ signal }) => api.call('listLeadOwners', { signal }),
    }),
  );
}

const detailKey = (id: string) => queryKey('getSubmission', id);

/** PATCH /api/admin/submissions/{id}/lead: the row, the detail and the statuses' counts change. */
export function useUpdateLead() {
  return useAdminMutation({
    call: ({ submission, changes }: { submission: AdminSubmission; changes: UpdateLeadRequest }, { api }) =>
      api.call('updateLead', { params: { id: submission.id }, body: changes }),
    invalidates: (_lead, { submission }) => [SUBMISSIONS_KEY, detailKey(submission.id), LEAD_STATUSES_KEY],
    success: 'Lead updated',
    failure: 'Failed to update the lead',
  });
}

/** POST /api/admin/submissions/leads: one status or owner for the selected submissions. */
export function useUpdateLeads({ onUpdated }: { onUpdated?: () => void } = {}) {
  return useAdminMutation({
    call: (body: { submissionIds: string[]; statusId?: number; ownerId?: number | null }, { api }) =>
      api.call('updateLeads', { body }),
    invalidates: [SUBMISSIONS_KEY, LEAD_STATUSES_KEY, { queryKey: queryKey('getSubmission') }],
    success: ({ updated }) => (updated === 1 ? '1 lead updated' : `${updated} leads updated`),
    failure: 'Failed to update the leads',
    onSuccess: () => onUpdated?.(),
  });
}

/** POST /api/admin/submissions/{id}/notes. */
export function useAddLeadNote({ onAdded }: { onAdded?: (note: LeadNote) => void } = {}) {
  return useAdminMutation({
    call: ({ submissionId, text }: { submissionId: string; text: string }, { api }) =>
      api.call('addLeadNote', { params: { id: submissionId }, body: { text } }),
    invalidates: (_note, { submissionId }) => [detailKey(submissionId), SUBMISSIONS_KEY],
    success: 'Note added',
    failure: 'Failed to add the note',
    onSuccess: (note) => onAdded?.(note),
  });
}

/** PATCH /api/admin/submissions/{id}/notes/{noteId}: its author, in its first minutes. */
export function useEditLeadNote({ onSaved }: { onSaved?: () => void } = {}) {
  return useAdminMutation({
    call: ({ submissionId, noteId, text }: { submissionId: string; noteId: number; text: string }, { api }) =>
      api.call('editLeadNote', { params: { id: submissionId, noteId }, body: { text } }),
    invalidates: (_note, { submissionId }) => [detailKey(submissionId)],
    success: 'Note corrected',
    failure: 'Failed to correct the note',
    onSuccess: () => onSaved?.(),
  });
}

/** PUT /api/admin/lead-statuses: the whole list; rows may show other names after it. */
export function useSaveLeadStatuses({ onSaved }: { onSaved?: () => void } = {}) {
  return useAdminMutation({
    call: (body: SaveLeadStatusesRequest, { api }) => api.call('saveLeadStatuses', { body }),
    invalidates: [LEAD_STATUSES_KEY, SUBMISSIONS_KEY, { queryKey: queryKey('getSubmission') }],
    success: 'Lead statuses saved',
    failure: 'Failed to save the lead statuses',
    onSuccess: () => onSaved?.(),
  });
}
