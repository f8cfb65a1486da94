import type settings from '../en/settings.js';
import type { MessagesOf } from '../types.js';

export default {
  'settings.callToActionLabel': 'Mehr über {providerName}',
  'settings.privacyNotice':
    'Wir verwenden Ihre E-Mail-Adresse, um Ihnen Ihre Ergebnisse zu senden, und speichern sie zusammen mit Ihren Antworten. Sie können jederzeit verlangen, dass wir sie löschen.',
} satisfies MessagesOf<typeof settings>;
