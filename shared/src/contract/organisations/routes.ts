import { z } from 'zod';
import { defineRoute } from '../route.js';
import { organisationEndpoints } from './endpoints.js';
import {
  OrganisationDetail,
  OrganisationDetailQuery,
  OrganisationDomainParams,
  OrganisationExportQuery,
  OrganisationList,
  OrganisationListQuery,
  type Organisation,
} from './schemas.js';

const exampleOrganisation: Organisation = {
  domain: 'northwind-it.example',
  members: 4,
  verifiedMembers: 2,
  submissions: 6,
  firstSubmittedAt: '2026-09-02T08:15:00.000Z',
  lastSubmittedAt: '2026-11-21T09:41:30.000Z',
  teamLevel: 1.8,
  teamAverage: 57.3,
  trend: 4.2,
};

const LIST_SUMMARY =
  'The organisations: each company email domain whose people assessed, with its members, submissions, ' +
  'team level and trend, a page at a time; searchable by domain and sortable. Free-mail and disposable domains are never listed';
const DETAIL_SUMMARY =
  "One organisation with its members a page at a time (verified or not, role, sharing, each one's assessments), " +
  "the spread of its members' latest levels per pillar and per role, and its history by month";

const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The operator's organisations, their file, and the key API's reads of them. */
export const organisationRoutes = {
  listOrganisations: defineRoute(organisationEndpoints.listOrganisations, {
    summary: LIST_SUMMARY,
    query: OrganisationListQuery,
    response: OrganisationList,
  }),
  exportOrganisations: defineRoute(organisationEndpoints.exportOrganisations, {
    summary: "Every organisation the search finds as a CSV or XLSX file, in the list's order, streamed",
    query: OrganisationExportQuery,
    response: z.string().meta({ description: 'The file, sent as an attachment' }),
    produces: ['text/csv', XLSX_CONTENT_TYPE],
  }),
  getOrganisation: defineRoute(organisationEndpoints.getOrganisation, {
    summary: DETAIL_SUMMARY,
    params: OrganisationDomainParams,
    query: OrganisationDetailQuery,
    response: OrganisationDetail,
  }),
  v1ListOrganisations: defineRoute(organisationEndpoints.v1ListOrganisations, {
    summary: LIST_SUMMARY,
    query: OrganisationListQuery,
    response: OrganisationList,
    examples: {
      query: { page: 1, pageSize: 25, search: 'northwind', sort: 'teamLevel', direction: 'desc' },
      response: {
        organisations: [exampleOrganisation],
        pagination: { page: 1, pageSize: 25, total: 1, totalPages: 1, totalCapped: false },
      },
    },
  }),
  v1GetOrganisation: defineRoute(organisationEndpoints.v1GetOrganisation, {
    summary: DETAIL_SUMMARY,
    params: OrganisationDomainParams,
    query: OrganisationDetailQuery,
    response: OrganisationDetail,
    examples: {
      params: { domain: exampleOrganisation.domain },
      query: { page: 1, pageSize: 25 },
      response: {
        organisation: { ...exampleOrganisation, members: 2, verifiedMembers: 1, submissions: 3, trend: 12.5 },
        members: [
          {
            email: 'jane.doe@northwind-it.example',
            name: 'Jane Doe',
            role: 'Owner',
            verified: true,
            shares: true,
            left: false,
            submissions: [
              {
                submissionId: '5b7c7d1e-2f4a-4c1b-9a3e-6d8f0b2c4e61',
                submittedAt: '2026-11-21T09:41:30.000Z',
                overallLevel: 2,
                cumulativeAverage: 64.5,
                fromInvite: false,
              },
              {
                submissionId: '0d2e4f6a-8b1c-4d3e-a5f7-9b0c2d4e6f81',
                submittedAt: '2026-09-02T08:15:00.000Z',
                overallLevel: 1,
                cumulativeAverage: 41.2,
                fromInvite: false,
              },
            ],
          },
          {
            email: 'sam.lee@northwind-it.example',
            name: 'Sam Lee',
            role: 'Technician',
            verified: false,
            shares: false,
            left: false,
            submissions: [
              {
                submissionId: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
                submittedAt: '2026-10-14T13:02:11.000Z',
                overallLevel: 2,
                cumulativeAverage: 50.1,
                fromInvite: true,
              },
            ],
          },
        ],
        membersPagination: { page: 1, pageSize: 25, total: 2, totalPages: 1, totalCapped: false },
        figures: {
          members: 2,
          meanLevel: 2,
          meanPercentage: 57.3,
          pillars: [
            {
              pillarKey: 'service-delivery',
              pillarName: 'Service delivery',
              members: 2,
              meanLevel: 1.5,
              meanPercentage: 52,
              lowestLevel: 1,
              highestLevel: 2,
              spread: 1,
              deviation: 8.5,
            },
          ],
        },
        roles: [],
        history: [
          { month: '2026-09-01', members: 1, meanLevel: 1, meanPercentage: 41.2 },
          { month: '2026-10-01', members: 2, meanLevel: 1.5, meanPercentage: 45.7 },
          { month: '2026-11-01', members: 2, meanLevel: 2, meanPercentage: 57.3 },
        ],
      },
    },
  }),
};
