import { Intent } from '@blueprintjs/core';
import { endpoints, type AdminQuestion, type ApiClient, type QuestionInput } from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { useApi } from '../../../platform/platform-context.js';
import { useToast } from '../../../lib/toasts.js';
import { useErrorToast } from '../../api/use-error-toast.js';
import { useAdminMutation, useAdminQuery } from '../../api/admin-query.js';
import { STATS_KEY } from '../dashboard/queries.js';

/** Cache key of the admin question list: its path (spec 7). */
export const QUESTIONS_KEY = [endpoints.listAdminQuestions.path] as const;

/** A question change alters the list, the dashboard counts and the visitors' questionnaire. */
const QUESTION_CHANGE_AFFECTS = [QUESTIONS_KEY, STATS_KEY, [endpoints.listAssessmentQuestions.path]] as const;

/** GET /api/admin/questions: every question with its answers and point allocations, in order. */
export const questionsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: QUESTIONS_KEY,
    queryFn: ({ signal }) => api.call('listAdminQuestions', { signal }),
  });

/** The question list, fetched once the signed-in user is known to be an approved admin. */
export function useAdminQuestions() {
  const api = useApi();
  return useAdminQuery(questionsQuery(api));
}

export interface QuestionSave {
  /** The question to replace; a new question when absent. */
  id?: number;
  body: QuestionInput;
}

/**
 * POST /api/admin/questions, or PUT /api/admin/questions/{id}, which replaces the question with
 * its answers and allocations; past submissions keep what they were scored against.
 */
export function useSaveQuestion({ onSaved }: { onSaved?: (question: AdminQuestion) => void } = {}) {
  const api = useApi();
  const { show } = useToast();
  const toastError = useErrorToast();
  return useAdminMutation({
    mutationFn: ({ id, body }: QuestionSave) =>
      id === undefined
        ? api.call('createQuestion', { body })
        : api.call('updateQuestion', { params: { id }, body }),
    invalidates: QUESTION_CHANGE_AFFECTS,
    onSuccess: (question, { id }) => {
      show({
        title: id === undefined ? 'Question created successfully' : 'Question updated successfully',
        intent: Intent.SUCCESS,
      });
      onSaved?.(question);
    },
    onError: (error, { id }) =>
      toastError(error, id === undefined ? 'Failed to create question' : 'Failed to update question'),
  });
}

/** DELETE /api/admin/questions/{id}; past submissions keep their copy. */
export function useDeleteQuestion({ onDeleted }: { onDeleted?: () => void } = {}) {
  const api = useApi();
  const { show } = useToast();
  const toastError = useErrorToast();
  return useAdminMutation({
    mutationFn: (question: AdminQuestion) => api.call('deleteQuestion', { params: { id: question.id } }),
    invalidates: QUESTION_CHANGE_AFFECTS,
    onSuccess: () => {
      show({ title: 'Question deleted successfully', intent: Intent.SUCCESS });
      onDeleted?.();
    },
    onError: (error) => toastError(error, 'Failed to delete question'),
  });
}
