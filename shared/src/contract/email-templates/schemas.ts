import { z } from 'zod';
import { EMAIL_TEMPLATE_PURPOSES } from '../../templates/render.js';

export const EmailTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  subject: z.string(),
  htmlBody: z.string(),
  /** results: sent when a visitor submits; reminder: the reminder to reassess. One of each is active. */
  purpose: z.enum(EMAIL_TEMPLATE_PURPOSES),
  isActive: z.boolean(),
  /**
   * Names in `{{…}}` that no variable has with the current pillars (a pillar renamed since the
   * template was written leaves its old `<name>_level` behind): sent as written, never filled in.
   */
  unknownVariables: z.array(z.string()),
});
export type EmailTemplate = z.infer<typeof EmailTemplate>;

export const EmailTemplateInput = z.strictObject({
  name: z
    .string({ error: 'Template name is required' })
    .trim()
    .min(1, { error: 'Template name is required' })
    .max(200),
  subject: z
    .string({ error: 'Email subject is required' })
    .trim()
    .min(1, { error: 'Email subject is required' })
    .max(300),
  htmlBody: z
    .string({ error: 'HTML body is required' })
    .trim()
    .min(1, { error: 'HTML body is required' })
    .max(200_000),
  purpose: z.enum(EMAIL_TEMPLATE_PURPOSES, { error: 'must be results or reminder' }).default('results'),
  isActive: z.boolean().default(false),
});

/** Which variables: those of a results email, or of a reminder (which has two more links). */
export const TemplateVariablesQuery = z.object({
  purpose: z.enum(EMAIL_TEMPLATE_PURPOSES, { error: 'must be results or reminder' }).default('results'),
});
export type EmailTemplateInput = z.input<typeof EmailTemplateInput>;

/** The variables a template may use with the current active pillars, in the editor's order. */
export const TemplateVariableList = z.object({
  variables: z.array(z.object({ name: z.string(), sample: z.string() })),
});
export type TemplateVariableList = z.infer<typeof TemplateVariableList>;
