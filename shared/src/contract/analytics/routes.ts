import { defineRoute } from '../route.js';
import { analyticsEndpoints } from './endpoints.js';
import { sourcesAnalyticsRoutes } from './sources.js';
import { Analytics, V1AnalyticsOverview, V1DemographicsAnalytics, V1MaturityLevels } from './schemas.js';

const levels = (counts: [number, number, number, number]) => {
  const total = counts.reduce((sum, count) => sum + count, 0);
  return counts.map((count, level) => ({
    level,
    name: ['None', 'Some', 'Advanced', 'Mature'][level]!,
    count,
    percentage: Math.round((count / total) * 1000) / 10,
  }));
};

/** Routes of the analytics, for every audience. */
export const analyticsRoutes = {
  ...sourcesAnalyticsRoutes,
  getAnalytics: defineRoute(analyticsEndpoints.getAnalytics, {
    summary: 'Submissions per month and the average level of each pillar',
    response: Analytics,
  }),
  v1GetAnalyticsOverview: defineRoute(analyticsEndpoints.v1GetAnalyticsOverview, {
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
          { pillarId: 1, pillarKey: 'expertise', pillarName: 'Expertise', averageScore: 1.84 },
          { pillarId: 2, pillarKey: 'processes', pillarName: 'Processes', averageScore: 1.41 },
        ],
      },
    },
  }),
  v1GetDemographicsAnalytics: defineRoute(analyticsEndpoints.v1GetDemographicsAnalytics, {
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
  v1GetMaturityLevels: defineRoute(analyticsEndpoints.v1GetMaturityLevels, {
    summary: 'How many submissions reached each maturity level, overall and per pillar',
    response: V1MaturityLevels,
    examples: {
      response: {
        totalSubmissions: 128,
        overall: levels([12, 45, 60, 11]),
        pillars: [
          {
            pillarId: 1,
            pillarKey: 'expertise',
            pillarName: 'Expertise',
            scored: 128,
            levels: levels([10, 30, 70, 18]),
          },
        ],
      },
    },
  }),
};
