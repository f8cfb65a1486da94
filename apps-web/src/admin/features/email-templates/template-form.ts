import { EmailTemplateInput } from '@msp/shared';
import type { EmailTemplate } from '@msp/shared/browser';
import { z } from 'zod';

/** The editor's inputs, checked with the server's own schema so it shows the server's messages. */
export const templateFormSchema = z
  .object({ name: z.string(), subject: z.string(), htmlBody: z.string(), isActive: z.boolean() })
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

/** New templates start inactive. */
export function templateDefaults(template: EmailTemplate | null): TemplateFormValues {
  return template
    ? {
        name: template.name,
        subject: template.subject,
        htmlBody: template.htmlBody,
        isActive: template.isActive,
      }
    : { name: '', subject: '', htmlBody: STARTER_BODY, isActive: false };
}
