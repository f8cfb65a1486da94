import type { AuditAction } from './audit/actions.js';
import type { authPageEndpoints } from './auth/endpoints.js';
import type { RouteName } from './endpoints.js';
import type { invitePageEndpoints } from './invites/endpoints.js';

/*
 * Which route records which audit action. It names every route and page, so it sits beside the
 * route table, above the resources; the actions themselves stay in audit/, which imports no other
 * resource.
 */
type PageName = keyof typeof authPageEndpoints | keyof typeof invitePageEndpoints;

/**
 * The action each route that changes or exports data records. The server refuses (in tests) to
 * answer one of these routes successfully without a record of its action, and a test holds every
 * other write route to a reason in `UNAUDITED_ROUTES`, so a new write cannot go unrecorded.
 */
export const AUDITED_ROUTES = {
  createPillar: 'pillar.create',
  updatePillar: 'pillar.update',
  deletePillar: 'pillar.delete',
  createQuestion: 'question.create',
  updateQuestion: 'question.update',
  deleteQuestion: 'question.delete',
  createDemographicField: 'demographic_field.create',
  updateDemographicField: 'demographic_field.update',
  deleteDemographicField: 'demographic_field.delete',
  updateConsentStatement: 'consent_statement.update',
  updateSettings: 'settings.update',
  uploadLogo: 'branding.logo_upload',
  removeLogo: 'branding.logo_remove',
  upsertMatrixCell: 'matrix_cell.save',
  createEmailTemplate: 'email_template.create',
  updateEmailTemplate: 'email_template.update',
  deleteEmailTemplate: 'email_template.delete',
  exportContent: 'content.export',
  importContent: 'content.import',
  exportSubmissions: 'submission.export',
  v1ExportSubmissions: 'submission.export',
  exportSubmission: 'submission.export_one',
  exportDrafts: 'draft.export',
  exportOrganisations: 'organisation.export',
  getSubmissionReport: 'submission.export_one',
  v1GetSubmissionReport: 'submission.export_one',
  getOrganisationReport: 'organisation.export_report',
  v1GetOrganisationReport: 'organisation.export_report',
  deleteSubmission: 'submission.delete',
  clearSubmissionAnalysis: 'submission.regenerate_analysis',
  resendSubmissionWebhook: 'submission.resend_webhook',
  updateLead: 'submission.lead_update',
  v1UpdateLead: 'submission.lead_update',
  updateLeads: 'submission.lead_bulk_update',
  addLeadNote: 'submission.note_add',
  v1AddLeadNote: 'submission.note_add',
  editLeadNote: 'submission.note_edit',
  saveLeadStatuses: 'lead_statuses.update',
  exportPersonalData: 'personal_data.export',
  v1ExportPersonalData: 'personal_data.export',
  deletePersonalData: 'personal_data.delete',
  v1DeletePersonalData: 'personal_data.delete',
  deleteVisitorHistory: 'personal_data.delete',
  createUser: 'user.create',
  v1CreateUser: 'user.create',
  v1UpdateUser: 'user.update',
  updateUserStatus: 'user.status',
  updateUserRole: 'user.role',
  inviteUser: 'user.invite',
  acceptInvite: 'user.accept_invite',
  completeSetup: 'user.setup',
  createApiKey: 'api_key.create',
  updateApiKey: 'api_key.update',
  deleteApiKey: 'api_key.delete',
  sendTestEmail: 'integration.test_email',
  sendTestWebhook: 'integration.test_webhook',
  saveNotificationPreferences: 'user.notifications',
  unsubscribeNotifications: 'user.unsubscribe',
  saveChatWebhook: 'integration.chat_webhook_save',
  deleteChatWebhook: 'integration.chat_webhook_delete',
  testChatWebhook: 'integration.test_chat_webhook',
  connectHubSpot: 'integration.hubspot_connect',
  disconnectHubSpot: 'integration.hubspot_disconnect',
  createHubSpotProperties: 'integration.hubspot_properties',
  saveHubSpotMapping: 'integration.hubspot_mapping',
  setHubSpotSync: 'integration.hubspot_sync',
  startHubSpotBackfill: 'integration.hubspot_backfill',
  exportAuditEvents: 'audit.export',
  v1ExportAuditEvents: 'audit.export',
  addLanguage: 'language.add',
  deleteLanguage: 'language.delete',
  setDefaultLanguage: 'language.set_default',
  saveTranslation: 'translation.save',
  exportTranslations: 'translation.export',
  importTranslations: 'translation.import',
  signInWithPassword: 'auth.sign_in',
} as const satisfies Partial<Record<RouteName | PageName, AuditAction>>;

/** Write routes that record nothing, each with the reason. */
export const UNAUDITED_ROUTES = {
  submitAssessment: "a visitor's own submission, not an admin action; the submission is its own record",
  recordFunnelEvent: "an anonymous visitor's step, counted without anything that identifies them",
  confirmSignOut: 'records auth.sign_out when it ends a session; without one it changes nothing',
  requestPasswordReset:
    'anyone may ask and nothing changes: the reset it may lead to records user.password_reset when the link is used',
  singleSignOn:
    'its first leg only sends the browser to the identity provider; the sign-in it completes records auth.sign_in',
  requestVisitorLink:
    'a visitor asking for a link to their own assessments; it changes nothing an admin sees, and the address is personal data the trail must not keep',
  startVisitorSession:
    "a visitor signing in to their own assessments, not an admin action; the session is its own record, in the address's personal data",
  endVisitorSession: 'a visitor signing out of their own assessments, not an admin action',
  updateReminderPreferences:
    "a visitor choosing whether to be reminded, not an admin action; the choice is kept in the address's personal data",
  unsubscribeReminders:
    "a visitor's (or their mail system's) one-click unsubscribe, not an admin action; kept in the address's personal data",
  saveAssessmentDraft:
    "a visitor saving their own unfinished assessment, not an admin action; the draft is its own record, in the address's personal data, which the trail must not keep",
  resumeAssessmentDraft: 'a visitor reading back their own saved assessment; it changes nothing',
  updateTeamMembership:
    "a member's own choice to share with colleagues or leave the team view, not an admin action; kept in the address's personal data",
  createTeamInvites:
    "a member inviting colleagues, not an admin action; the invites are their own record, in the addresses' personal data, which the trail must not keep",
  resendTeamInvite: 'a member sending their own invite again, not an admin action; the invite records it',
  revokeTeamInvite: 'a member withdrawing their own invite, not an admin action; the invite records it',
  acceptTeamInvite:
    'a colleague spending their own invite, not an admin action; the invite and the session are their own record',
} as const satisfies Partial<Record<RouteName | PageName, string>>;
