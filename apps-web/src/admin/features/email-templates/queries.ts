import { Intent } from '@blueprintjs/core';
import { endpoints, type ApiClient, type EmailTemplate, type EmailTemplateInput } from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { useApi } from '../../../platform/platform-context.js';
import { useToast } from '../../../lib/toasts.js';
import { useErrorToast } from '../../api/use-error-toast.js';
import { useAdminMutation, useAdminQuery } from '../../api/admin-query.js';

/** Cache key of the template list: its path (spec 7). */
export const EMAIL_TEMPLATES_KEY = [endpoints.listEmailTemplates.path] as const;

/** The active template first (it is the one sent), then by name. */
export function byActiveThenName(a: EmailTemplate, b: EmailTemplate): number {
  return Number(b.isActive) - Number(a.isActive) || a.name.localeCompare(b.name) || a.id - b.id;
}

/** GET /api/admin/email-templates. */
export const emailTemplatesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: EMAIL_TEMPLATES_KEY,
    queryFn: ({ signal }) => api.call('listEmailTemplates', { signal }),
    select: (templates) => [...templates].sort(byActiveThenName),
  });

export function useEmailTemplates() {
  const api = useApi();
  return useAdminQuery(emailTemplatesQuery(api));
}

/** POST /api/admin/email-templates; activating it deactivates the others, so the whole list is refetched. */
export function useCreateEmailTemplate({ onSaved }: { onSaved?: (template: EmailTemplate) => void } = {}) {
  const api = useApi();
  const { show } = useToast();
  const toastError = useErrorToast();
  return useAdminMutation({
    mutationFn: (body: EmailTemplateInput) => api.call('createEmailTemplate', { body }),
    invalidates: [EMAIL_TEMPLATES_KEY],
    onSuccess: (template) => {
      show({ title: 'Email template created successfully', intent: Intent.SUCCESS });
      onSaved?.(template);
    },
    onError: (error) => toastError(error, 'Failed to create email template'),
  });
}

/** PUT /api/admin/email-templates/{id}. */
export function useUpdateEmailTemplate({ onSaved }: { onSaved?: (template: EmailTemplate) => void } = {}) {
  const api = useApi();
  const { show } = useToast();
  const toastError = useErrorToast();
  return useAdminMutation({
    mutationFn: ({ id, body }: { id: number; body: EmailTemplateInput }) =>
      api.call('updateEmailTemplate', { params: { id }, body }),
    invalidates: [EMAIL_TEMPLATES_KEY],
    onSuccess: (template) => {
      show({ title: 'Email template updated successfully', intent: Intent.SUCCESS });
      onSaved?.(template);
    },
    onError: (error) => toastError(error, 'Failed to update email template'),
  });
}

/** DELETE /api/admin/email-templates/{id}. */
export function useDeleteEmailTemplate({ onDeleted }: { onDeleted?: () => void } = {}) {
  const api = useApi();
  const { show } = useToast();
  const toastError = useErrorToast();
  return useAdminMutation({
    mutationFn: (id: number) => api.call('deleteEmailTemplate', { params: { id } }),
    invalidates: [EMAIL_TEMPLATES_KEY],
    onSuccess: () => {
      show({ title: 'Email template deleted successfully', intent: Intent.SUCCESS });
      onDeleted?.();
    },
    onError: (error) => toastError(error, 'Failed to delete email template'),
  });
}
