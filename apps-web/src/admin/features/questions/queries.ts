import type { AdminQuestion, QuestionInput } from '@msp/shared/browser';
import { queryKey } from '../../../lib/query-keys.js';
import { useAdminMutation } from '../../api/use-admin-mutation.js';
import { STATS_KEY } from '../dashboard/public.js';
import { QUESTIONS_KEY } from '../../api/content-lists.js';

/** A question change alters the list, the dashboard counts and the visitors' questionnaire. */
const QUESTION_CHANGE_AFFECTS = [QUESTIONS_KEY, STATS_KEY, queryKey('listAssessmentQuestions')] as const;

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
  return useAdminMutation({
    call: ({ id, body }: QuestionSave, { api }) =>
      id === undefined
        ? api.call('createQuestion', { body })
        : api.call('updateQuestion', { params: { id }, body }),
    invalidates: QUESTION_CHANGE_AFFECTS,
    success: (_question, { id }) =>
      id === undefined ? 'Question created successfully' : 'Question updated successfully',
    failure: (_error, { id }) =>
      id === undefined ? 'Failed to create question' : 'Failed to update question',
    onSuccess: (question) => onSaved?.(question),
  });
}

/** DELETE /api/admin/questions/{id}; past submissions keep their copy. */
export function useDeleteQuestion({ onDeleted }: { onDeleted?: () => void } = {}) {
  return useAdminMutation({
    call: (question: AdminQuestion, { api }) => api.call('deleteQuestion', { params: { id: question.id } }),
    invalidates: QUESTION_CHANGE_AFFECTS,
    success: 'Question deleted successfully',
    failure: 'Failed to delete question',
    onSuccess: () => onDeleted?.(),
  });
}
