import { LanguageQuery } from '../common.js';
import { z } from 'zod';
import { defineRoute } from '../route.js';
import { demographicFieldEndpoints } from './endpoints.js';
import { DeletedResponse, IdParams } from '../common.js';
import {
  ConsentStatementAnswer,
  ConsentStatementInput,
  DemographicField,
  DemographicFieldInput,
  PublicDemographicField,
} from './schemas.js';

/** Routes of the demographic fields, for every audience. */
export const demographicFieldRoutes = {
  listDemographicFields: defineRoute(demographicFieldEndpoints.listDemographicFields, {
    query: LanguageQuery,
    summary: 'Active demographic fields in display order',
    response: z.array(PublicDemographicField),
  }),
  listAdminDemographicFields: defineRoute(demographicFieldEndpoints.listAdminDemographicFields, {
    summary: 'Every demographic field, by display order',
    response: z.array(DemographicField),
  }),
  createDemographicField: defineRoute(demographicFieldEndpoints.createDemographicField, {
    summary: 'Creates a demographic field',
    body: DemographicFieldInput,
    response: DemographicField,
    successStatus: 201,
  }),
  updateDemographicField: defineRoute(demographicFieldEndpoints.updateDemographicField, {
    summary: 'Replaces a demographic field',
    params: IdParams,
    body: DemographicFieldInput,
    response: DemographicField,
  }),
  deleteDemographicField: defineRoute(demographicFieldEndpoints.deleteDemographicField, {
    summary: 'Deletes a demographic field; past submissions keep their answers',
    params: IdParams,
    response: DeletedResponse,
  }),
  v1ListDemographicFields: defineRoute(demographicFieldEndpoints.v1ListDemographicFields, {
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
  getConsentStatement: defineRoute(demographicFieldEndpoints.getConsentStatement, {
    query: LanguageQuery,
    summary: 'The consent statement visitors must tick to continue, or null when there is none',
    response: ConsentStatementAnswer,
  }),
  getAdminConsentStatement: defineRoute(demographicFieldEndpoints.getAdminConsentStatement, {
    summary: 'The current consent statement, or null when there is none',
    response: ConsentStatementAnswer,
  }),
  updateConsentStatement: defineRoute(demographicFieldEndpoints.updateConsentStatement, {
    summary: 'Replaces the consent statement; empty text removes it',
    body: ConsentStatementInput,
    response: ConsentStatementAnswer,
  }),
};
