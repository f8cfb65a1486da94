import { EmailTemplateInput } from '@msp/shared';
import type { EmailTemplate, EmailTemplatePurpose } from '@msp/shared/browser';
import { z } from 'zod';

/** The editor's inputs, checked with the server's own schema so it shows the server's messages. */
export const templateFormSchema = z
  .object({
    name: z.string(),
    subject: z.string(),
    htmlBody: z.string(),
    purpose: z.enum(['results', 'reminder']),
    isActive: z.boolean(),
  })
  .transform((values, ctx) => {
    const result = EmailTemplateInput.safeParse(values);
    if (result.success) return result.data;
    for (const { path, message } of result.error.issues)
      ctx.addIssue({ code: 'custom', path, message, input: values });
    return z.NEVER;
  });

export type TemplateFormValues = z.input<typeof templateFormSchema>;

export type TemplateBody = z.output<typeof templateFormSchema>;

/** A starting point for a new template: a small, email-safe layout that uses a few variables. */
export const STARTER_BODY = `<!DOCTYPE html>
<html lang="en">
<body style="margin:0;padding:24px;background-color:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"
    style="max-width:600px;margin:0 auto;background-color:#ffffff;border:1px solid #e5e7eb;">
    <tr>
      <td style="padding:28px 32px;font-size:15px;line-height:24px;">
        <p style="margin:0 0 12px 0;">Hi {{firstName}},</p>
        <p style="margin:0 0 12px 0;">Thank you for completing the automation maturity assessment for {{companyName}}.</p>
        <p style="margin:0 0 12px 0;">Your overall maturity level: <strong>{{overall_level}}</strong></p>
        <p style="margin:0;"><a href="{{results_url}}" style="color:#1d4ed8;">View your full results</a></p>
      </td>
    </tr>
  </table>
</body>
</html>
`;

/** A starting point for a reminder: the links to take it again and to see the progress so far. */
export const REMINDER_STARTER_BODY = `<!DOCTYPE html>
<html lang="en">
<body style="margin:0;padding:24px;background-color:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"
    style="max-width:600px;margin:0 auto;background-color:#ffffff;border:1px solid #e5e7eb;">
    <tr>
      <td style="padding:28px 32px;font-size:15px;line-height:24px;">
        <p style="margin:0 0 12px 0;">Hi {{firstName}},</p>
        <p style="margin:0 0 12px 0;">Last time, {{companyName}} reached {{overall_level}}. You asked us to remind you to take the assessment again and see how far you have moved.</p>
        <p style="margin:0 0 12px 0;"><a href="{{assessment_url}}" style="color:#1d4ed8;">Take the assessment again</a></p>
        <p style="margin:0;"><a href="{{my_url}}" style="color:#1d4ed8;">See all your assessments</a></p>
      </td>
    </tr>
  </table>
</body>
</html>
`;

/** The starting body of a new template of each purpose. */
export const STARTER_BODIES = { results: STARTER_BODY, reminder: REMINDER_STARTER_BODY } as const;

/** New templates start inactive, as results emails unless asked for a reminder. */
export function templateDefaults(
  template: EmailTemplate | null,
  purpose: EmailTemplatePurpose = 'results',
): TemplateFormValues {
  return template
    ? {
        name: template.name,
        subject: template.subject,
        htmlBody: template.htmlBody,
        purpose: template.purpose,
        isActive: template.isActive,
      }
    : { name: '', subject: '', htmlBody: STARTER_BODIES[purpose], purpose, isActive: false };
}
