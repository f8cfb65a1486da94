import { LanguageQuery } from '../common.js';
import { z } from 'zod';
import { defineRoute } from '../route.js';
import { questionEndpoints } from './endpoints.js';
import { DeletedResponse, IdParams } from '../common.js';
import { AdminQuestion, PublicQuestion, QuestionInput } from './schemas.js';

/** Routes of the questions, for every audience. */
export const questionRoutes = {
  listAssessmentQuestions: defineRoute(questionEndpoints.listAssessmentQuestions, {
    query: LanguageQuery,
    summary: 'Active questions in order, each with its answers',
    response: z.array(PublicQuestion),
  }),
  listAdminQuestions: defineRoute(questionEndpoints.listAdminQuestions, {
    summary: 'Every question with its answers and point allocations',
    response: z.array(AdminQuestion),
  }),
  createQuestion: defineRoute(questionEndpoints.createQuestion, {
    summary: 'Creates a question with its answers and point allocations',
    body: QuestionInput,
    response: AdminQuestion,
    successStatus: 201,
  }),
  updateQuestion: defineRoute(questionEndpoints.updateQuestion, {
    summary: 'Replaces a question, its answers and allocations in one transaction',
    params: IdParams,
    body: QuestionInput,
    response: AdminQuestion,
  }),
  deleteQuestion: defineRoute(questionEndpoints.deleteQuestion, {
    summary: 'Deletes a question; past submissions keep their copy',
    params: IdParams,
    response: DeletedResponse,
  }),
  v1ListQuestions: defineRoute(questionEndpoints.v1ListQuestions, {
    summary: 'Every question, active or not, with its answers and their points per pillar',
    response: z.array(AdminQuestion),
    examples: {
      response: [
        {
          id: 7,
          key: '0f7c2b8e-3d1a-4b6e-9c55-8a1e2d3f4b5c',
          text: 'How do you onboard a new client?',
          pillarId: 2,
          pillarKey: 'processes',
          order: 1,
          isActive: true,
          pillar: { id: 2, key: 'processes', name: 'Processes' },
          answers: [
            {
              id: 25,
              text: 'Ad hoc, from memory',
              description: null,
              order: 1,
              pointAllocations: [{ id: 90, pillarId: 2, pillarKey: 'processes', points: 0 }],
            },
            {
              id: 26,
              text: 'From a documented checklist in the PSA',
              description: 'Every step is a ticket task',
              order: 2,
              pointAllocations: [{ id: 91, pillarId: 2, pillarKey: 'processes', points: 2 }],
            },
          ],
        },
      ],
    },
  }),
};
