import type { MessagesOf } from '../types.js';
import type en from '../en/visitor.js';

/** Der bestätigte Besucher: der Anmeldelink, seine E-Mail und „Ihre Auswertungen“ unter /my. */
export default {
  'my.pageTitle': 'Ihre Auswertungen | {productName}',
  'my.pageTitleBare': 'Ihre Auswertungen',
  'my.title': 'Ihre Auswertungen',
  'my.intro':
    'Jede Auswertung, die Sie mit Ihrer E-Mail-Adresse gemacht haben, wie sich jede Säule seit der vorigen verändert hat, und der Weg zu einer neuen.',
  'my.signIn.heading': 'Link per E-Mail erhalten',
  'my.signIn.text':
    'Geben Sie die E-Mail-Adresse ein, die Sie in der Bewertung angegeben haben. Wir senden Ihnen einen Anmeldelink: Er gilt einmal, {minutes} Minuten lang, und braucht kein Passwort.',
  'my.signIn.email': 'E-Mail-Adresse',
  'my.signIn.submit': 'Link per E-Mail senden',
  'my.signIn.sent':
    'Wenn mit {email} eine Bewertung gemacht wurde, ist ein Anmeldelink unterwegs. Er gilt einmal, {minutes} Minuten lang.',
  'my.signIn.invalidEmail': 'Geben Sie eine gültige E-Mail-Adresse ein.',
  'my.signIn.tooMany':
    'Zu viele Links angefordert. Bitte versuchen Sie es in {minutes, plural, one {# Minute} other {# Minuten}} erneut.',
  'my.signIn.failed': 'Der Link konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
  'my.link.heading': 'Bei Ihren Auswertungen anmelden',
  'my.link.text': 'Fahren Sie fort, um die Auswertungen Ihrer E-Mail-Adresse auf diesem Gerät zu sehen.',
  'my.link.continue': 'Weiter',
  'my.link.expired':
    'Dieser Anmeldelink ist abgelaufen oder wurde schon benutzt. Fordern Sie unten einen neuen an.',
  'my.signedInAs': 'Angemeldet als {email}',
  'my.signOut': 'Abmelden',
  'my.signedOut': 'Sie sind abgemeldet.',
  'my.loading': 'Ihre Auswertungen werden geladen',
  'my.loadFailed': 'Ihre Auswertungen konnten nicht geladen werden.',
  'my.tryAgain': 'Erneut versuchen',
  'my.empty': 'Zu dieser Adresse sind keine Auswertungen mehr gespeichert.',
  'my.takeAgain': 'Erneut bewerten',
  'my.count': '{count, plural, one {# Auswertung} other {# Auswertungen}}',
  'my.takenOn': 'Vom {date}',
  'my.latest': 'Neueste',
  'my.overall': 'Gesamtstufe',
  'my.average': 'Durchschnittliche Punktzahl {value}',
  'my.first': 'Ihre erste Auswertung',
  'my.viewResults': 'Ergebnisse ansehen',
  'my.report': 'PDF-Bericht',
  'my.reportLabel': 'PDF-Bericht, {date}',
  'my.resultsLabel': 'Ergebnisse ansehen, {date}',
  'my.pillars': 'Säulen',
  'my.change.up': '{count, plural, one {# Stufe höher} other {# Stufen höher}}',
  'my.change.down': '{count, plural, one {# Stufe niedriger} other {# Stufen niedriger}}',
  'my.change.same': 'gleiche Stufe',
  'my.change.score': '{value} Punkte',
  'my.change.since': 'Seit {date}',
  'my.chart.heading': 'Jede Säule im Zeitverlauf',
  'my.chart.one': 'Machen Sie die Bewertung später erneut, um zu sehen, wie sich jede Säule entwickelt.',
  'my.chart.description': 'Punktzahl jeder Säule in Prozent bei jeder Auswertung.',
  'my.erase.heading': 'Ihre Daten löschen',
  'my.erase.text':
    'Löscht jede mit {email} gemachte Auswertung mit ihren Ergebnissen, Berichten, Erinnerungen und einer gespeicherten unfertigen Auswertung und meldet Sie ab. Das lässt sich nicht rückgängig machen.',
  'my.erase.button': 'Meine Auswertungen löschen',
  'my.erase.confirm':
    '{count, plural, one {Ihre Auswertung} other {Alle # Auswertungen}} endgültig löschen? Nichts davon wird aufbewahrt.',
  'my.erase.confirmButton': 'Endgültig löschen',
  'my.erase.cancel': 'Behalten',
  'my.erase.done': 'Ihre Auswertungen und alles, was dazu gespeichert war, sind gelöscht.',
  'my.erase.failed': 'Ihre Auswertungen konnten nicht gelöscht werden. Bitte versuchen Sie es erneut.',
  'results.keep.heading': 'Kommen Sie wieder und sehen Sie Ihren Fortschritt',
  'results.keep.text':
    'Erhalten Sie einen Anmeldelink per E-Mail, um alle Ihre Auswertungen an einem Ort zu sehen und wie sich jede Säule bei einer neuen Bewertung entwickelt.',
  'results.keep.button': 'Link per E-Mail senden',
  'results.keep.sent':
    'Ein Anmeldelink ist an die angegebene Adresse unterwegs. Er gilt einmal, {minutes} Minuten lang.',
  'results.keep.emailLink': 'Alle Ihre Auswertungen und Ihren Fortschritt ansehen',
  'site.nav.my': 'Ihre Auswertungen',
  'visitor.email.subject': 'Ihr Anmeldelink für {productName}',
  'visitor.email.lead':
    'Sie möchten die Auswertungen sehen, die mit dieser E-Mail-Adresse bei {productName} gemacht wurden. Dieser Link meldet Sie an:',
  'visitor.email.action': 'Ihre Auswertungen ansehen',
  'visitor.email.expiry':
    'Er gilt einmal, {minutes} Minuten lang. Wenn Sie ihn nicht angefordert haben, können Sie diese E-Mail ignorieren: Ohne den Link kann sich niemand anmelden.',
} satisfies MessagesOf<typeof en>;
