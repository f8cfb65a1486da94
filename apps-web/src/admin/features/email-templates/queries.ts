import type { ApiClient, EmailTemplate, EmailTemplateInput, EmailTemplatePurpose } from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { queryKey } from '../../../lib/query-keys.js';
import { useApi } from '../../../platform/platform-context.js';
import { useAdminQuery } from '../../api/admin-query.js';
import { useAdminMutation } from '../../api/use-admin-mutation.js';

/** Cache key of the template list: its path, as for every read. */
export const EMAIL_TEMPLATES_KEY = queryKey('listEmailTemplates');

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

/** Cache key of the variables a template may use, which a pillar's rename or switch changes. */
export const TEMPLATE_VARIABLES_KEY = queryKey('listTemplateVariables');

/** GET /api/admin/email-templates/variables: the variables with the current pillars, and their samples. */
export const templateVariablesQuery = (api: ApiClient, purpose: EmailTemplatePurpose) =>
  queryOptions({
    queryKey: [...TEMPLATE_VARIABLES_KEY, purpose],
    queryFn: ({ signal }) => api.call('listTemplateVariables', { query: { purpose }, signal }),
  });

export function useTemplateVariables(purpose: EmailTemplatePurpose) {
  const api = useApi();
  return useAdminQuery(templateVariablesQuery(api, purpose));
}

/** POST /api/admin/email-templates; activating it deactivates the others, so the whole list is refetched. */
export function useCreateEmailTemplate({ onSaved }: { onSaved?: (template: EmailTemplate) => void } = {}) {
  return useAdminMutation({
    call: (body: EmailTemplateInput, { api }) => api.call('createEmailTemplate', { body }),
    invalidates: [EMAIL_TEMPLATES_KEY],
    success: 'Email template created successfully',
    failure: 'Failed to create email template',
    onSuccess: (template) => onSaved?.(template),
  });
}

/** PUT /api/admin/email-templates/{id}. */
export function useUpdateEmailTemplate({ onSaved }: { onSaved?: (template: EmailTemplate) => void } = {}) {
  return useAdminMutation({
    call: ({ id, body }: { id: number; body: EmailTemplateInput }, { api }) =>
      api.call('updateEmailTemplate', { params: { id }, body }),
    invalidates: [EMAIL_TEMPLATES_KEY],
    success: 'Email template updated successfully',
    failure: 'Failed to update email template',
    onSuccess: (template) => onSaved?.(template),
  });
}

/** DELETE /api/admin/email-templates/{id}. */
export function useDeleteEmailTemplate({ onDeleted }: { onDeleted?: () => void } = {}) {
  return useAdminMutation({
    call: (id: number, { api }) => api.call('deleteEmailTemplate', { params: { id } }),
    invalidates: [EMAIL_TEMPLATES_KEY],
    success: 'Email template deleted successfully',
    failure: 'Failed to delete email template',
    onSuccess: () => onDeleted?.(),
  });
}
