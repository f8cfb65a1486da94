/** The defaults of the Settings screen's visitor-facing texts, used while an administrator has saved none. */
export default {
  'settings.callToActionLabel': 'Learn About {providerName}',
  'settings.privacyNotice':
    'We use your email address to send you your results, and keep it with your answers. You can ask us to delete them at any time.',
} as const;
