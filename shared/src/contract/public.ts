import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';
import { PublicPillar } from './schemas/pillars.js';
import { PublicQuestion } from './schemas/questions.js';
import { DemographicField } from './schemas/demographics.js';
import { PublicMatrixCell } from './schemas/matrix.js';
import { PublicConfig } from './schemas/config.js';
import {
  ComparisonResponse,
  ResultsResponse,
  SubmissionIdParams,
  SubmitRequest,
  SubmitResponse,
} from './schemas/assessment.js';

/** Endpoints anyone may call: the visitor journey and the public matrix. */
export const publicRoutes = {
  getConfig: defineRoute(endpoints.getConfig, {
    summary: 'Product and provider names and links shown by the web app',
    response: PublicConfig,
  }),
  listMatrixCells: defineRoute(endpoints.listMatrixCells, {
    summary: 'Maturity matrix cells of active pillars, with the pillar name',
    response: z.array(PublicMatrixCell),
  }),
  listPillars: defineRoute(endpoints.listPillars, {
    summary: 'Active pillars in display order',
    response: z.array(PublicPillar),
  }),
  listDemographicFields: defineRoute(endpoints.listDemographicFields, {
    summary: 'Active demographic fields in display order',
    response: z.array(DemographicField),
  }),
  listAssessmentQuestions: defineRoute(endpoints.listAssessmentQuestions, {
    summary: 'Active questions in order, each with its answers',
    response: z.array(PublicQuestion),
  }),
  submitAssessment: defineRoute(endpoints.submitAssessment, {
    summary: 'Scores and stores a completed assessment',
    body: SubmitRequest,
    response: SubmitResponse,
    successStatus: 201,
  }),
  getResults: defineRoute(endpoints.getResults, {
    summary: 'Scores and analysis of one submission; the analysis is written on first view',
    params: SubmissionIdParams,
    response: ResultsResponse,
  }),
  getComparison: defineRoute(endpoints.getComparison, {
    summary: 'How one submission compares with similar MSPs',
    params: SubmissionIdParams,
    response: ComparisonResponse,
  }),
};
