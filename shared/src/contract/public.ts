import { z } from 'zod';
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
  getConfig: defineRoute({
    method: 'GET',
    path: '/api/config',
    auth: 'public',
    summary: 'Product and provider names and links shown by the web app',
    response: PublicConfig,
  }),
  listMatrixCells: defineRoute({
    method: 'GET',
    path: '/api/matrix-cells',
    auth: 'public',
    summary: 'Maturity matrix cells of active pillars, with the pillar name',
    response: z.array(PublicMatrixCell),
  }),
  listPillars: defineRoute({
    method: 'GET',
    path: '/api/pillars',
    auth: 'public',
    summary: 'Active pillars in display order',
    response: z.array(PublicPillar),
  }),
  listDemographicFields: defineRoute({
    method: 'GET',
    path: '/api/demographic-fields',
    auth: 'public',
    summary: 'Active demographic fields in display order',
    response: z.array(DemographicField),
  }),
  listAssessmentQuestions: defineRoute({
    method: 'GET',
    path: '/api/assessment-questions',
    auth: 'public',
    summary: 'Active questions in order, each with its answers',
    response: z.array(PublicQuestion),
  }),
  submitAssessment: defineRoute({
    method: 'POST',
    path: '/api/assessment/submit',
    auth: 'public',
    summary: 'Scores and stores a completed assessment',
    body: SubmitRequest,
    response: SubmitResponse,
    successStatus: 201,
  }),
  getResults: defineRoute({
    method: 'GET',
    path: '/api/assessment/results/{submissionId}',
    auth: 'public',
    summary: 'Scores and analysis of one submission; the analysis is written on first view',
    params: SubmissionIdParams,
    response: ResultsResponse,
  }),
  getComparison: defineRoute({
    method: 'GET',
    path: '/api/assessment/comparison/{submissionId}',
    auth: 'public',
    summary: 'How one submission compares with similar MSPs',
    params: SubmissionIdParams,
    response: ComparisonResponse,
  }),
};
