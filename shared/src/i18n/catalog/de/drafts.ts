import type { MessagesOf } from '../types.js';
import type drafts from '../en/drafts.js';

/** „Später fortsetzen“: der Dialog, seine E-Mail und der Link, der das Assessment fortsetzt. */
export default {
  'assessment.later.button': 'Später fortsetzen',
  'assessment.later.title': 'Später fortsetzen',
  'assessment.later.text':
    'Wir senden Ihnen per E-Mail einen Link, mit dem Sie Ihre Angaben und Ihre bisherigen Antworten zurückholen – auf diesem oder jedem anderen Gerät. Sonst wird nichts gespeichert, und der Entwurf wird gelöscht, sobald Sie absenden, oder {days} Tage nach dem letzten Speichern.',
  'assessment.later.email': 'E-Mail-Adresse',
  'assessment.later.submit': 'Link per E-Mail senden',
  'assessment.later.cancel': 'Abbrechen',
  'assessment.later.sentTitle': 'Link gesendet',
  'assessment.later.sent':
    'Wir haben Ihnen einen Link zum Fortsetzen gesendet, an {email}. Er funktioniert auf jedem Gerät, bis Sie das Assessment absenden. Sie können auch gleich weitermachen.',
  'assessment.later.keepGoing': 'Weitermachen',
  'assessment.later.invalidEmail': 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  'assessment.later.tooMany':
    'Zu viele Links angefordert. Bitte versuchen Sie es in {minutes, plural, one {# Minute} other {# Minuten}} erneut.',
  'assessment.later.failed': 'Ihr Assessment konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
  'assessment.draftLink.loading': 'Ihr gespeichertes Assessment wird wiederhergestellt',
  'assessment.draftLink.restored':
    'Wir haben das gespeicherte Assessment wiederhergestellt{answered, plural, =0 {} other {; {answered} von {total} Fragen sind beantwortet}}.',
  'assessment.draftLink.expired':
    'Dieser Link zu einem gespeicherten Assessment ist abgelaufen oder wurde durch einen neueren ersetzt. Sie können das Assessment hier neu beginnen.',
  'assessment.draftLink.failed':
    'Ihr gespeichertes Assessment konnte nicht geladen werden. Bitte öffnen Sie den Link aus Ihrer E-Mail erneut.',
  'drafts.email.subject': 'Setzen Sie Ihr Assessment bei {productName} fort',
  'drafts.email.lead':
    'Sie haben Ihr Assessment bei {productName} gespeichert, um es später fortzusetzen. Dieser Link holt Ihre bisherigen Antworten zurück, auf jedem Gerät:',
  'drafts.email.action': 'Assessment fortsetzen',
  'drafts.email.expiry':
    'Der Link funktioniert, bis Sie das Assessment absenden; Ihre gespeicherten Antworten werden {days} Tage nach dem letzten Speichern gelöscht. Wenn Sie diese E-Mail nicht angefordert haben, können Sie sie ignorieren.',
} satisfies MessagesOf<typeof drafts>;
