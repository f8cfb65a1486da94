import { z } from 'zod';
import { defineRoute } from '../route.js';
import { emailTemplateEndpoints } from './endpoints.js';
import { DeletedResponse, IdParams } from '../common.js';
import {
  EmailTemplate,
  EmailTemplateInput,
  TemplateVariableList,
  TemplateVariablesQuery,
} from './schemas.js';

/** Routes of the email templates. */
export const emailTemplateRoutes = {
  listEmailTemplates: defineRoute(emailTemplateEndpoints.listEmailTemplates, {
    summary: 'Every email template',
    response: z.array(EmailTemplate),
  }),
  listTemplateVariables: defineRoute(emailTemplateEndpoints.listTemplateVariables, {
    summary: 'The variables a template may use with the current pillars, each with a sample value',
    query: TemplateVariablesQuery,
    response: TemplateVariableList,
  }),
  createEmailTemplate: defineRoute(emailTemplateEndpoints.createEmailTemplate, {
    summary: 'Creates an email template; activating it deactivates the others of its purpose',
    body: EmailTemplateInput,
    response: EmailTemplate,
    successStatus: 201,
  }),
  updateEmailTemplate: defineRoute(emailTemplateEndpoints.updateEmailTemplate, {
    summary: 'Replaces an email template; activating it deactivates the others of its purpose',
    params: IdParams,
    body: EmailTemplateInput,
    response: EmailTemplate,
  }),
  deleteEmailTemplate: defineRoute(emailTemplateEndpoints.deleteEmailTemplate, {
    summary: 'Deletes an email template',
    params: IdParams,
    response: DeletedResponse,
  }),
};
