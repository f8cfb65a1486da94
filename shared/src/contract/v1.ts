import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';
import { AdminQuestion } from './schemas/content-admin.js';
import { DemographicField } from './schemas/demographics.js';
import { Pillar } from './schemas/pillars.js';
import { SubmissionList, type AdminSubmission } from './schemas/submissions.js';
import { CreateUserRequest, User } from './schemas/users.js';
import {
  V1AnalyticsOverview,
  V1DemographicsAnalytics,
  V1MaturityLevels,
  V1SubmissionDetail,
  V1SubmissionIdParams,
  V1SubmissionListQuery,
  V1SubmissionSearchQuery,
  V1UpdateUserRequest,
  V1UserIdParams,
} from './schemas/v1.js';

const exampleSubmission: AdminSubmission = {
  id: '3f1c2a9e-7b4d-4c1a-9e2f-5d6b7a8c9d0e',
  submittedAt: '2026-11-20T14:32:05.000Z',
  ipAddress: '203.0.113.24',
  demographicData: {
    first_name: 'Jane',
    last_name: 'Doe',
    email_address: 'jane.doe@northwind-it.example',
    company: 'Northwind IT',
    employee_count: '11-25',
    managed_companies: '26-50',
  },
  scores: {
    overallLevel: 2,
    cumulativeAverage: 61.4,
    pillarScores: [
      { pillarId: 1, pillarName: 'Expertise', level: 2, percentage: 66.7 },
      { pillarId: 2, pillarName: 'Processes', level: 1, percentage: 41.7 },
    ],
  },
  answerCount: 24,
};

const exampleList = {
  submissions: [exampleSubmission],
  pagination: { page: 1, pageSize: 25, total: 1, totalPages: 1 },
};

const exampleUser = {
  id: 42,
  email: 'sam.taylor@northwind-it.example',
  firstName: 'Sam',
  lastName: 'Taylor',
  role: 'user' as const,
  status: 'approved' as const,
  profileImageUrl: null,
  isFounder: false,
  createdAt: '2026-11-18T09:00:00.000Z',
  approvedAt: '2026-11-18T09:05:00.000Z',
};

const levels = (counts: [number, number, number, number]) => {
  const total = counts.reduce((sum, count) => sum + count, 0);
  return counts.map((count, level) => ({
    level,
    name: ['None', 'Some', 'Advanced', 'Mature'][level]!,
    count,
    percentage: Math.round((count / total) * 1000) / 10,
  }));
};

/**
 * The key-based API for integrators (a CRM sync, a BI tool, scripts): read the submissions, the
 * analytics and the questionnaire, and manage users within the key's permission. The OpenAPI
 * document is generated from these entries.
 */
export const v1Routes = {
  v1ListSubmissions: defineRoute(endpoints.v1ListSubmissions, {
    summary: 'Submissions, newest first, a page at a time, optionally within a range of days',
    query: V1SubmissionListQuery,
    response: SubmissionList,
    examples: {
      query: { page: 1, pageSize: 25, startDate: '2026-11-01', endDate: '2026-11-30' },
      response: exampleList,
    },
  }),
  v1SearchSubmissions: defineRoute(endpoints.v1SearchSubmissions, {
    summary: 'Submissions matching a text, an email or an email domain, newest first, a page at a time',
    query: V1SubmissionSearchQuery,
    response: SubmissionList,
    examples: { query: { domain: 'northwind-it.example', startDate: '2026-01-01' }, response: exampleList },
  }),
  v1GetSubmission: defineRoute(endpoints.v1GetSubmission, {
    summary: 'One submission with its answers as they were submitted',
    params: V1SubmissionIdParams,
    response: V1SubmissionDetail,
    examples: {
      params: { id: exampleSubmission.id },
      response: {
        submission: exampleSubmission,
        answers: [
          {
            questionOrder: 1,
            questionText: 'How do you onboard a new client?',
            answerText: 'From a documented checklist in the PSA',
            answerDescription: 'Every step is a ticket task',
          },
        ],
      },
    },
  }),
  v1GetAnalyticsOverview: defineRoute(endpoints.v1GetAnalyticsOverview, {
    summary: 'Total submissions, submissions per month and the average level of each pillar',
    response: V1AnalyticsOverview,
    examples: {
      response: {
        totalSubmissions: 128,
        averageOverallLevel: 1.62,
        submissionTrends: [
          { month: '2026-10', count: 57 },
          { month: '2026-11', count: 71 },
        ],
        averageMaturityScores: [
          { pillarId: 1, pillarName: 'Expertise', averageScore: 1.84 },
          { pillarId: 2, pillarName: 'Processes', averageScore: 1.41 },
        ],
      },
    },
  }),
  v1GetDemographicsAnalytics: defineRoute(endpoints.v1GetDemographicsAnalytics, {
    summary: 'How many submissions gave each answer of every select or radio demographic field',
    response: V1DemographicsAnalytics,
    examples: {
      response: {
        fields: [
          {
            identifier: 'employee_count',
            label: 'Number of Employees in Your Company',
            fieldType: 'select',
            responses: 128,
            answers: [
              { value: '1-10', count: 40, percentage: 31.3 },
              { value: '11-25', count: 52, percentage: 40.6 },
              { value: '26-50', count: 36, percentage: 28.1 },
            ],
          },
        ],
      },
    },
  }),
  v1GetMaturityLevels: defineRoute(endpoints.v1GetMaturityLevels, {
    summary: 'How many submissions reached each maturity level, overall and per pillar',
    response: V1MaturityLevels,
    examples: {
      response: {
        totalSubmissions: 128,
        overall: levels([12, 45, 60, 11]),
        pillars: [{ pillarId: 1, pillarName: 'Expertise', scored: 128, levels: levels([10, 30, 70, 18]) }],
      },
    },
  }),
  v1ListPillars: defineRoute(endpoints.v1ListPillars, {
    summary: 'Every pillar of the model, active or not, in display order',
    response: z.array(Pillar),
    examples: {
      response: [
        {
          id: 1,
          name: 'Expertise',
          description: 'Skills and knowledge of automation',
          order: 1,
          isActive: true,
        },
      ],
    },
  }),
  v1ListQuestions: defineRoute(endpoints.v1ListQuestions, {
    summary: 'Every question, active or not, with its answers and their points per pillar',
    response: z.array(AdminQuestion),
    examples: {
      response: [
        {
          id: 7,
          text: 'How do you onboard a new client?',
          pillarId: 2,
          order: 1,
          isActive: true,
          pillar: { id: 2, name: 'Processes' },
          answers: [
            {
              id: 25,
              text: 'Ad hoc, from memory',
              description: null,
              order: 1,
              pointAllocations: [{ id: 90, pillarId: 2, points: 0 }],
            },
            {
              id: 26,
              text: 'From a documented checklist in the PSA',
              description: 'Every step is a ticket task',
              order: 2,
              pointAllocations: [{ id: 91, pillarId: 2, points: 2 }],
            },
          ],
        },
      ],
    },
  }),
  v1ListDemographicFields: defineRoute(endpoints.v1ListDemographicFields, {
    summary: 'Every demographic field, active or not, in display order',
    response: z.array(DemographicField),
    examples: {
      response: [
        {
          id: 5,
          identifier: 'employee_count',
          label: 'Number of Employees in Your Company',
          fieldType: 'select',
          options: ['1-10', '11-25', '26-50', '51+'],
          order: 5,
          isRequired: true,
          isActive: true,
        },
      ],
    },
  }),
  v1ListUsers: defineRoute(endpoints.v1ListUsers, {
    summary: 'Every user of the admin portal, newest first',
    response: z.array(User),
    examples: { response: [exampleUser] },
  }),
  v1CreateUser: defineRoute(endpoints.v1CreateUser, {
    summary:
      'Creates a user, who can then sign in with that email; a user_manage key cannot create an administrator',
    body: CreateUserRequest,
    response: User,
    successStatus: 201,
    examples: {
      body: {
        email: 'sam.taylor@northwind-it.example',
        firstName: 'Sam',
        lastName: 'Taylor',
        role: 'user',
        status: 'approved',
      },
      response: exampleUser,
    },
  }),
  v1UpdateUser: defineRoute(endpoints.v1UpdateUser, {
    summary:
      "Changes a user's names, role or status; a user_manage key cannot make anyone an administrator, change an administrator or touch the founder",
    params: V1UserIdParams,
    body: V1UpdateUserRequest,
    response: User,
    examples: {
      params: { id: '42' },
      body: { status: 'approved', lastName: 'Taylor-Jones' },
      response: { ...exampleUser, lastName: 'Taylor-Jones' },
    },
  }),
};
