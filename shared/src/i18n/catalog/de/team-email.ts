import type { MessagesOf } from '../types.js';
import type en from '../en/team-email.js';

/** Die Einladungs-E-Mail eines Teams. */
export default {
  'team.email.subject': '{domain} gemeinsam mit Ihrem Team bewerten – {productName}',
  'team.email.lead':
    '{inviter} bittet Sie, das {productName} für {domain} auszufüllen, damit Ihr Team sieht, wo es sich einig ist und wo nicht. Die Angaben zu Ihrem Unternehmen sind bereits ausgefüllt.',
  'team.email.action': 'Auswertung starten',
  'team.email.expiry':
    'Der Link gilt {days} Tage und meldet Sie mit dieser Adresse an. Wenn Sie diese E-Mail nicht erwartet haben, können Sie sie ignorieren.',
} satisfies MessagesOf<typeof en>;
