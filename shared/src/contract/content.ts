import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';
import {
  AdminQuestion,
  AdminStats,
  DeletedResponse,
  DemographicField,
  DemographicFieldInput,
  EmailTemplate,
  EmailTemplateInput,
  IdParams,
  MatrixCell,
  MatrixCellInput,
  MatrixCellParams,
  Pillar,
  PillarInput,
  QuestionInput,
} from './schemas/content-admin.js';
import { ContentDocument, ImportResponse } from './schemas/content-document.js';

/** Content management for approved admins: the questionnaire, the matrix and the templates. */
export const contentRoutes = {
  getAdminStats: defineRoute(endpoints.getAdminStats, {
    summary: 'Counts for the dashboard',
    response: AdminStats,
  }),
  listAdminPillars: defineRoute(endpoints.listAdminPillars, {
    summary: 'Every pillar, active or not, in order',
    response: z.array(Pillar),
  }),
  createPillar: defineRoute(endpoints.createPillar, {
    summary: 'Creates a pillar',
    body: PillarInput,
    response: Pillar,
    successStatus: 201,
  }),
  updatePillar: defineRoute(endpoints.updatePillar, {
    summary: 'Replaces a pillar',
    params: IdParams,
    body: PillarInput,
    response: Pillar,
  }),
  deletePillar: defineRoute(endpoints.deletePillar, {
    summary:
      "Deletes a pillar, its matrix cells and every answer's points for it; its questions lose their pillar",
    params: IdParams,
    response: DeletedResponse,
  }),
  listAdminQuestions: defineRoute(endpoints.listAdminQuestions, {
    summary: 'Every question with its answers and point allocations',
    response: z.array(AdminQuestion),
  }),
  createQuestion: defineRoute(endpoints.createQuestion, {
    summary: 'Creates a question with its answers and point allocations',
    body: QuestionInput,
    response: AdminQuestion,
    successStatus: 201,
  }),
  updateQuestion: defineRoute(endpoints.updateQuestion, {
    summary: 'Replaces a question, its answers and allocations in one transaction',
    params: IdParams,
    body: QuestionInput,
    response: AdminQuestion,
  }),
  deleteQuestion: defineRoute(endpoints.deleteQuestion, {
    summary: 'Deletes a question; past submissions keep their copy',
    params: IdParams,
    response: DeletedResponse,
  }),
  listAdminDemographicFields: defineRoute(endpoints.listAdminDemographicFields, {
    summary: 'Every demographic field, by display order',
    response: z.array(DemographicField),
  }),
  createDemographicField: defineRoute(endpoints.createDemographicField, {
    summary: 'Creates a demographic field',
    body: DemographicFieldInput,
    response: DemographicField,
    successStatus: 201,
  }),
  updateDemographicField: defineRoute(endpoints.updateDemographicField, {
    summary: 'Replaces a demographic field',
    params: IdParams,
    body: DemographicFieldInput,
    response: DemographicField,
  }),
  deleteDemographicField: defineRoute(endpoints.deleteDemographicField, {
    summary: 'Deletes a demographic field; past submissions keep their answers',
    params: IdParams,
    response: DeletedResponse,
  }),
  listAdminMatrixCells: defineRoute(endpoints.listAdminMatrixCells, {
    summary: 'Every matrix cell',
    response: z.array(MatrixCell),
  }),
  upsertMatrixCell: defineRoute(endpoints.upsertMatrixCell, {
    summary: 'Creates or replaces the cell of a pillar and level',
    params: MatrixCellParams,
    body: MatrixCellInput,
    response: MatrixCell,
  }),
  listEmailTemplates: defineRoute(endpoints.listEmailTemplates, {
    summary: 'Every email template',
    response: z.array(EmailTemplate),
  }),
  createEmailTemplate: defineRoute(endpoints.createEmailTemplate, {
    summary: 'Creates an email template; activating it deactivates the others',
    body: EmailTemplateInput,
    response: EmailTemplate,
    successStatus: 201,
  }),
  updateEmailTemplate: defineRoute(endpoints.updateEmailTemplate, {
    summary: 'Replaces an email template; activating it deactivates the others',
    params: IdParams,
    body: EmailTemplateInput,
    response: EmailTemplate,
  }),
  deleteEmailTemplate: defineRoute(endpoints.deleteEmailTemplate, {
    summary: 'Deletes an email template',
    params: IdParams,
    response: DeletedResponse,
  }),
  exportContent: defineRoute(endpoints.exportContent, {
    summary: 'The whole questionnaire, matrix, fields and templates as one versioned document',
    response: ContentDocument,
  }),
  importContent: defineRoute(endpoints.importContent, {
    summary:
      'Replaces all content with a document, in one transaction, or changes nothing and lists every problem',
    body: ContentDocument,
    response: ImportResponse,
  }),
};
