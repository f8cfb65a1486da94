/**
 * What an audit record says was done. The names are stable (records outlive route renames), each
 * with the label the Audit Log shows and the kind of thing it acts on. No zod here: the admin's
 * screen imports the labels.
 */
export const AUDIT_ACTIONS = {
  'pillar.create': { label: 'Created a pillar', target: 'pillar' },
  'pillar.update': { label: 'Edited a pillar', target: 'pillar' },
  'pillar.delete': { label: 'Deleted a pillar', target: 'pillar' },
  'question.create': { label: 'Created a question', target: 'question' },
  'question.update': { label: 'Edited a question', target: 'question' },
  'question.delete': { label: 'Deleted a question', target: 'question' },
  'demographic_field.create': { label: 'Created a demographic field', target: 'demographic_field' },
  'demographic_field.update': { label: 'Edited a demographic field', target: 'demographic_field' },
  'demographic_field.delete': { label: 'Deleted a demographic field', target: 'demographic_field' },
  'consent_statement.update': { label: 'Changed the consent statement', target: 'consent_statement' },
  'settings.update': { label: 'Changed the settings', target: 'settings' },
  'branding.logo_upload': { label: 'Uploaded the logo', target: 'settings' },
  'branding.logo_remove': { label: 'Removed the logo', target: 'settings' },
  'matrix_cell.save': { label: 'Edited a matrix cell', target: 'matrix_cell' },
  'email_template.create': { label: 'Created an email template', target: 'email_template' },
  'email_template.update': { label: 'Edited an email template', target: 'email_template' },
  'email_template.delete': { label: 'Deleted an email template', target: 'email_template' },
  'content.export': { label: 'Exported the content', target: 'content' },
  'content.import': { label: 'Imported content', target: 'content' },
  'submission.export': { label: 'Exported submissions', target: 'submission' },
  'submission.export_one': { label: 'Exported a submission', target: 'submission' },
  'submission.delete': { label: 'Deleted a submission', target: 'submission' },
  'submission.regenerate_analysis': { label: 'Regenerated an analysis', target: 'submission' },
  'submission.resend_webhook': { label: 'Resent a webhook', target: 'submission' },
  'submission.lead_update': { label: 'Changed a lead', target: 'submission' },
  'submission.lead_bulk_update': { label: 'Changed several leads', target: 'submission' },
  'submission.note_add': { label: 'Added a note to a lead', target: 'submission' },
  'submission.note_edit': { label: 'Corrected a note', target: 'submission' },
  'lead_statuses.update': { label: 'Changed the lead statuses', target: 'settings' },
  'submission.retention': { label: 'Deleted submissions past the retention period', target: 'submission' },
  'draft.export': { label: 'Exported saved drafts', target: 'draft' },
  'organisation.export': { label: 'Exported organisations', target: 'organisation' },
  'organisation.export_report': { label: "Exported an organisation's team report", target: 'organisation' },
  'personal_data.export': { label: "Exported a person's data", target: 'submission' },
  'personal_data.delete': { label: "Deleted a person's data", target: 'submission' },
  'user.create': { label: 'Added a user', target: 'user' },
  'user.update': { label: 'Changed a user', target: 'user' },
  'user.status': { label: "Changed a user's status", target: 'user' },
  'user.role': { label: "Changed a user's role", target: 'user' },
  'user.notifications': { label: 'Changed their notification settings', target: 'user' },
  'user.unsubscribe': { label: 'Unsubscribed from lead emails', target: 'user' },
  'user.invite': { label: 'Sent an invite', target: 'user' },
  'user.accept_invite': { label: 'Accepted an invite', target: 'user' },
  'user.password_reset': { label: 'Reset a password with a link', target: 'user' },
  'user.setup': { label: 'Set up the first administrator', target: 'user' },
  'user.console_admin': { label: 'Made an administrator at the server console', target: 'user' },
  'api_key.create': { label: 'Created an API key', target: 'api_key' },
  'api_key.update': { label: 'Changed an API key', target: 'api_key' },
  'api_key.delete': { label: 'Deleted an API key', target: 'api_key' },
  'integration.test_email': { label: 'Sent a test email', target: 'integration' },
  'integration.test_webhook': { label: 'Sent a test webhook', target: 'integration' },
  'integration.chat_webhook_save': { label: 'Set the chat channel', target: 'integration' },
  'integration.chat_webhook_delete': { label: 'Removed the chat channel', target: 'integration' },
  'integration.test_chat_webhook': { label: 'Sent a test chat message', target: 'integration' },
  'integration.hubspot_connect': { label: 'Connected HubSpot', target: 'integration' },
  'integration.hubspot_disconnect': { label: 'Disconnected HubSpot', target: 'integration' },
  'integration.hubspot_properties': { label: 'Created the HubSpot properties', target: 'integration' },
  'integration.hubspot_mapping': { label: 'Changed the HubSpot field mapping', target: 'integration' },
  'integration.hubspot_sync': { label: 'Turned the HubSpot sync on or off', target: 'integration' },
  'integration.hubspot_backfill': {
    label: 'Started a HubSpot sync of all submissions',
    target: 'integration',
  },
  'audit.export': { label: 'Exported the audit log', target: 'audit' },
  'language.add': { label: 'Added a language', target: 'language' },
  'language.delete': { label: 'Removed a language', target: 'language' },
  'language.set_default': { label: 'Changed the default language', target: 'language' },
  'translation.save': { label: 'Edited a translation', target: 'translation' },
  'translation.export': { label: 'Exported translations', target: 'language' },
  'translation.import': { label: 'Imported translations', target: 'language' },
  'auth.sign_in': { label: 'Signed in', target: 'user' },
  'auth.sign_in_failed': { label: 'Failed to sign in', target: 'user' },
  'auth.sign_out': { label: 'Signed out', target: 'user' },
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

export type AuditTargetType = (typeof AUDIT_ACTIONS)[AuditAction]['target'];
export const AUDIT_TARGET_TYPES = [
  ...new Set(Object.values(AUDIT_ACTIONS).map((action) => action.target)),
] as [AuditTargetType, ...AuditTargetType[]];

/**
 * Who did it: a signed-in person, an API key, someone not signed in (a failed sign-in), the
 * operator (at the server's command line, or through a setting the server acts on by itself: the
 * daily deletion of submissions past SUBMISSION_RETENTION_DAYS), or a verified visitor acting on
 * their own data (erasing it from "Your assessments"), never named by their address.
 */
export const AUDIT_ACTOR_KINDS = ['user', 'api_key', 'anonymous', 'operator', 'visitor'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];
