import { defineRoute } from '../route.js';
import { personalDataEndpoints } from './endpoints.js';
import {
  PersonalDataDeleted,
  PersonalDataExport,
  PersonalDataMatches,
  PersonalDataQuery,
  PersonalDataRequest,
} from './schemas.js';

const exampleExport: PersonalDataExport = {
  email: 'jane.doe@northwind-it.example',
  exportedAt: '2026-12-02T09:15:00.000Z',
  submissions: [
    {
      submission: {
        id: '3f1c2a9e-7b4d-4c1a-9e2f-5d6b7a8c9d0e',
        submittedAt: '2026-11-20T14:32:05.000Z',
        ipAddress: '203.0.113.24',
        demographicData: {
          first_name: 'Jane',
          last_name: 'Doe',
          email_address: 'jane.doe@northwind-it.example',
          company: 'Northwind IT',
        },
        scores: {
          overallLevel: 2,
          cumulativeAverage: 61.4,
          pillarScores: [
            { pillarId: 1, pillarKey: 'expertise', pillarName: 'Expertise', level: 2, percentage: 66.7 },
          ],
        },
        answerCount: 1,
        attribution: {
          source: 'linkedin',
          medium: null,
          campaign: null,
          term: null,
          content: null,
          ref: null,
          referrer: null,
          landingPath: '/',
        },
        language: 'en',
        consent: {
          text: 'I agree that Northwind MSP may keep my answers and contact me about my results.',
          consentedAt: '2026-11-20T14:32:05.000Z',
        },
        lead: { status: { id: 1, name: 'New' }, owner: null, nextStepOn: null, noteCount: 0 },
      },
      previous: null,
      notes: [],
      answers: [
        {
          questionKey: '0f7c2b8e-3d1a-4b6e-9c55-8a1e2d3f4b5c',
          questionOrder: 1,
          questionText: 'How do you onboard a new client?',
          answerText: 'From a documented checklist in the PSA',
          answerDescription: null,
        },
      ],
      analysis: null,
      webhookDeliveries: [],
      emailDeliveries: [
        {
          id: '41',
          status: 'delivered',
          createdAt: '2026-11-20T14:32:05.000Z',
          nextAttemptAt: null,
          attempts: [
            {
              attempt: 1,
              at: '2026-11-20T14:32:06.000Z',
              durationMs: 180,
              httpStatus: null,
              error: null,
              succeeded: true,
            },
          ],
        },
      ],
    },
  ],
  visitorSessions: [{ createdAt: '2026-12-01T08:02:11.000Z', lastSeenAt: '2026-12-01T08:05:40.000Z' }],
  signInLinks: [
    {
      createdAt: '2026-12-01T08:01:30.000Z',
      expiresAt: '2026-12-01T08:31:30.000Z',
      usedAt: '2026-12-01T08:02:11.000Z',
    },
  ],
  reminders: [
    {
      submissionId: '3f1c2a9e-7b4d-4c1a-9e2f-5d6b7a8c9d0e',
      dueAt: '2027-02-18T14:32:05.000Z',
      status: 'scheduled',
    },
  ],
  remindersUnsubscribedAt: null,
  // Submitting deleted the draft the person had saved.
  drafts: [],
  verifiedAt: '2026-11-21T09:12:40.000Z',
  team: { domain: 'northwind-it.example', shares: true, leftAt: null },
  teamInvitesReceived: [],
  teamInvitesSent: [
    {
      email: 'sam@northwind-it.example',
      invitedBy: 'dana@northwind-it.example',
      domain: 'northwind-it.example',
      role: 'Technical Lead / Engineer',
      createdAt: '2026-11-21T09:15:02.000Z',
      sentAt: '2026-11-21T09:15:02.000Z',
      expiresAt: '2026-12-21T09:15:02.000Z',
      acceptedAt: '2026-11-21T10:02:11.000Z',
      revokedAt: null,
    },
  ],
};

/** Routes of one person's data, for the admin and the key API. */
export const personalDataRoutes = {
  findPersonalData: defineRoute(personalDataEndpoints.findPersonalData, {
    summary: 'The submissions stored under one email address, newest first',
    query: PersonalDataQuery,
    response: PersonalDataMatches,
  }),
  exportPersonalData: defineRoute(personalDataEndpoints.exportPersonalData, {
    summary: 'Everything stored about one email address, as one JSON file',
    query: PersonalDataQuery,
    response: PersonalDataExport,
    produces: ['application/json'],
  }),
  deletePersonalData: defineRoute(personalDataEndpoints.deletePersonalData, {
    summary: 'Deletes every submission of one email address, with everything recorded about them',
    body: PersonalDataRequest,
    response: PersonalDataDeleted,
  }),
  v1ExportPersonalData: defineRoute(personalDataEndpoints.v1ExportPersonalData, {
    summary:
      'Everything stored about one email address (a data subject access request): each submission with ' +
      'its answers, scores, demographics, attribution, analysis, and the emails and webhooks sent about it',
    query: PersonalDataQuery,
    response: PersonalDataExport,
    examples: { query: { email: exampleExport.email }, response: exampleExport },
  }),
  v1DeletePersonalData: defineRoute(personalDataEndpoints.v1DeletePersonalData, {
    summary:
      'Deletes every submission of one email address with everything recorded about them (an erasure ' +
      'request), in one transaction; answers how many were deleted, 0 when there were none',
    body: PersonalDataRequest,
    response: PersonalDataDeleted,
    examples: { body: { email: exampleExport.email }, response: { deleted: 1 } },
  }),
};
