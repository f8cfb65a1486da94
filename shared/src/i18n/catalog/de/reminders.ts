import type { MessagesOf } from '../types.js';
import type en from '../en/reminders.js';

/** Erinnerungen an eine neue Auswertung: das Kästchen im letzten Schritt, die E-Mail, die Einstellungsseite. */
export default {
  'reminder.optIn': 'Erinnert mich in {days} Tagen daran, sie erneut auszufüllen',
  'reminder.optInHint': 'Eine E-Mail an die angegebene Adresse, mit einem Link zum Abbestellen.',
  'reminder.email.subject': 'Zeit für das nächste {productName}',
  'reminder.email.greeting': 'Hallo {firstName},',
  'reminder.email.greetingBare': 'Hallo,',
  'reminder.email.lead':
    'Am {date} haben Sie das {productName} ausgefüllt und {level} erreicht. Sie wollten daran erinnert werden, es erneut auszufüllen, um zu sehen, wie weit Sie gekommen sind.',
  'reminder.email.action': 'Auswertung erneut ausfüllen',
  'reminder.email.progress': 'Alle Ihre Auswertungen und Ihren Fortschritt ansehen',
  'reminder.email.why':
    'Sie erhalten diese E-Mail, weil Sie beim Ausfüllen „Erinnert mich daran, sie erneut auszufüllen“ angekreuzt haben.',
  'reminder.email.preferences': 'Einstellungen für Erinnerungen',
  'reminder.email.unsubscribe': 'Erinnerungen abbestellen',
  'reminder.page.title': 'Einstellungen für Erinnerungen',
  'reminder.page.pageTitle': 'Einstellungen für Erinnerungen | {productName}',
  'reminder.page.loading': 'Ihre Einstellungen werden geladen',
  'reminder.page.invalid':
    'Dieser Link funktioniert nicht mehr. Die zugehörige Auswertung wurde möglicherweise gelöscht.',
  'reminder.page.failed': 'Ihre Einstellungen konnten nicht geladen werden.',
  'reminder.page.tryAgain': 'Erneut versuchen',
  'reminder.page.for': 'Erinnerungen, die Auswertung erneut auszufüllen, an {email}.',
  'reminder.page.subscribed': 'Sie werden am {date} erinnert.',
  'reminder.page.subscribedNone': 'Sie sind angemeldet, aber es steht keine Erinnerung aus.',
  'reminder.page.unsubscribed': 'Sie sind abgemeldet: An diese Adresse wird keine Erinnerung gesendet.',
  'reminder.page.unsubscribe': 'Erinnerungen abbestellen',
  'reminder.page.resubscribe': 'Wieder erinnern',
  'reminder.page.saved': 'Ihre Einstellungen sind gespeichert.',
  'reminder.page.saveFailed':
    'Ihre Einstellungen konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.',
  'reminder.page.takeAgain': 'Auswertung jetzt ausfüllen',
} satisfies MessagesOf<typeof en>;
