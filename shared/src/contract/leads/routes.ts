import { defineRoute } from '../route.js';
import { leadEndpoints } from './endpoints.js';
import {
  AdminSubmissionIdParams,
  Lead,
  LeadNote,
  LeadNoteParams,
  LeadNoteRequest,
  LeadOwnerList,
  LeadStatusList,
  SaveLeadStatusesRequest,
  UpdateLeadRequest,
  UpdateLeadsRequest,
  UpdateLeadsResponse,
} from '../submissions/schemas.js';

const exampleLead: Lead = {
  status: { id: 2, name: 'Contacted' },
  owner: { id: 3, name: 'Sam Rivera', email: 'sam.rivera@example-msp.com' },
  nextStepOn: '2026-12-08',
  noteCount: 2,
};

/** Routes of the lead desk, for the admin and the key API. */
export const leadRoutes = {
  listLeadStatuses: defineRoute(leadEndpoints.listLeadStatuses, {
    summary: 'The statuses a lead can have, in order, with how many submissions have each',
    response: LeadStatusList,
  }),
  saveLeadStatuses: defineRoute(leadEndpoints.saveLeadStatuses, {
    summary:
      'Replaces the list of statuses: renames, reorders, adds and removes; the submissions of a removed status take the default',
    body: SaveLeadStatusesRequest,
    response: LeadStatusList,
  }),
  listLeadOwners: defineRoute(leadEndpoints.listLeadOwners, {
    summary: 'The administrators a lead can be given to',
    response: LeadOwnerList,
  }),
  updateLead: defineRoute(leadEndpoints.updateLead, {
    summary: "Sets a submission's status, owner or next-step day",
    params: AdminSubmissionIdParams,
    body: UpdateLeadRequest,
    response: Lead,
  }),
  updateLeads: defineRoute(leadEndpoints.updateLeads, {
    summary: 'Sets one status or owner on several submissions at once',
    body: UpdateLeadsRequest,
    response: UpdateLeadsResponse,
  }),
  addLeadNote: defineRoute(leadEndpoints.addLeadNote, {
    summary: "Adds a note to a submission's timeline",
    params: AdminSubmissionIdParams,
    body: LeadNoteRequest,
    response: LeadNote,
    successStatus: 201,
  }),
  editLeadNote: defineRoute(leadEndpoints.editLeadNote, {
    summary: `Corrects a note: only its author, and only in its first minutes`,
    params: LeadNoteParams,
    body: LeadNoteRequest,
    response: LeadNote,
  }),
  v1ListLeadStatuses: defineRoute(leadEndpoints.v1ListLeadStatuses, {
    summary: 'The statuses a lead can have, in order, with how many submissions have each',
    response: LeadStatusList,
    examples: {
      response: {
        statuses: [
          { id: 1, name: 'New', position: 0, isDefault: true, submissions: 412 },
          { id: 2, name: 'Contacted', position: 1, isDefault: false, submissions: 57 },
        ],
      },
    },
  }),
  v1UpdateLead: defineRoute(leadEndpoints.v1UpdateLead, {
    summary:
      "Sets a submission's status, owner or next-step day; 400 naming the field for an unknown status or owner. Sends submission.updated",
    params: AdminSubmissionIdParams,
    body: UpdateLeadRequest,
    response: Lead,
    examples: {
      params: { id: '3f1c2a9e-7b4d-4c1a-9e2f-5d6b7a8c9d0e' },
      body: { statusId: 2, ownerId: 3, nextStepOn: '2026-12-08' },
      response: exampleLead,
    },
  }),
  v1AddLeadNote: defineRoute(leadEndpoints.v1AddLeadNote, {
    summary:
      "Adds a plain-text note to a submission's timeline, written by the API key. Sends submission.updated",
    params: AdminSubmissionIdParams,
    body: LeadNoteRequest,
    response: LeadNote,
    successStatus: 201,
    examples: {
      params: { id: '3f1c2a9e-7b4d-4c1a-9e2f-5d6b7a8c9d0e' },
      body: { text: 'Called; they want a demo after the holidays.' },
      response: {
        id: 41,
        text: 'Called; they want a demo after the holidays.',
        author: { kind: 'api_key', id: 7, name: 'CRM sync' },
        createdAt: '2026-12-01T10:15:00.000Z',
        editedAt: null,
        editableUntil: null,
      },
    },
  }),
};
