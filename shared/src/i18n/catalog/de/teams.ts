import type { MessagesOf } from '../types.js';
import type en from '../en/teams.js';

/** Teams aus Sicht der Besucher: das Kästchen im letzten Schritt, die Einladungsseite, /my/team und die Einladungen. */
export default {
  'team.shareOptIn': 'Meinen Namen und meine Stufen Kolleginnen und Kollegen bei {domain} zeigen',
  'team.shareOptInHint':
    'Kolleginnen und Kollegen, die Ihr Unternehmen bewerten, sehen die Zahlen des Teams; Ihren Namen nur, wenn Sie dies ankreuzen.',

  'team.join.title': 'Ihrem Team beitreten',
  'team.join.pageTitle': 'Ihrem Team beitreten | {productName}',
  'team.join.text':
    'Eine Kollegin oder ein Kollege hat Sie eingeladen, den Automatisierungsgrad Ihres Unternehmens zu bewerten. Fahren Sie fort, um die Auswertung mit den bereits eingetragenen Angaben zu Ihrem Unternehmen zu beginnen.',
  'team.join.continue': 'Weiter',
  'team.join.expired':
    'Dieser Einladungslink ist abgelaufen, wurde bereits verwendet oder zurückgezogen. Bitten Sie die Person, die Sie eingeladen hat, um einen neuen, oder fordern Sie einen Anmeldelink an, falls Sie die Auswertung schon einmal ausgefüllt haben.',
  'team.join.signInLink': 'Anmeldelink anfordern',
  'team.join.failed': 'Die Einladung konnte nicht geöffnet werden. Bitte versuchen Sie es erneut.',

  'team.nav': 'Ihr Team',
  'team.assessWithTeam': 'Mit dem Team bewerten',
  'team.downloadReport': 'Teambericht (PDF)',
  'team.pageTitle': 'Ihr Team | {productName}',
  'team.pageTitleBare': 'Ihr Team',
  'team.title': 'Ihr Team',
  'team.backToMy': 'Ihre Auswertungen',
  'team.loading': 'Ihr Team wird geladen',
  'team.loadFailed': 'Ihr Team konnte nicht geladen werden.',
  'team.tryAgain': 'Erneut versuchen',
  'team.heading': 'Ihr Team bei {domain}',
  'team.personal':
    'Sie haben sich mit einer privaten Adresse angemeldet ({email}). Private Adressen und Freemail-Adressen füllen die Auswertung allein aus: Um mit Kolleginnen und Kollegen zu bewerten, füllen Sie sie mit Ihrer Firmenadresse aus und melden Sie sich mit dieser an.',
  'team.left': 'Sie haben Ihr Team bei {domain} verlassen',
  'team.leftText':
    'Ihre Auswertungen zählen nicht mehr zu den Zahlen des Teams, und Sie sehen diese nicht mehr. Sie können jederzeit zurückkehren.',
  'team.rejoin': 'Wieder beitreten',
  'team.rejoined': 'Sie sind wieder in Ihrem Team.',
  'team.pending':
    '{assessed} von {threshold} Kolleginnen und Kollegen haben bewertet; die Zahlen des Teams erscheinen, sobald es {threshold} sind.',

  'team.overall.heading': 'Das Team insgesamt',
  'team.overall.members': '{count, plural, one {# Person hat bewertet} other {# Personen haben bewertet}}',
  'team.overall.mean': 'Mittlere Stufe {level} von 3, durchschnittliche Punktzahl {percentage}',

  'team.pillars.heading': 'Wo das Team übereinstimmt und wo nicht',
  'team.pillars.intro':
    'Jeder Balken reicht von der niedrigsten bis zur höchsten Stufe, die jemand im Team in dieser Säule erreicht hat; die Markierung ist der Mittelwert des Teams.',
  'team.pillars.scale': 'Stufe {level}',
  'team.pillars.mean': 'Mittel {level}',
  'team.pillars.range': 'Niedrigste {lowest}, höchste {highest}',
  'team.pillars.spread':
    '{spread, plural, =0 {Spanne: keine} one {Spanne: # Stufe} other {Spanne: # Stufen}}',
  'team.pillars.mostDisagreement': 'Größte Uneinigkeit',
  'team.pillars.rangeLabel':
    '{pillar}: Stufen von {lowest} bis {highest}, Mittel {mean}, {members, plural, one {# Person} other {# Personen}}',

  'team.roles.heading': 'Nach Rolle',
  'team.roles.members': '{count, plural, one {# Person} other {# Personen}}',
  'team.roles.mean': 'Mittlere Stufe {level}',

  'team.history.heading': 'Das Team im Zeitverlauf',
  'team.history.one': 'Das Diagramm erscheint, sobald das Team Zahlen aus zwei Monaten hat.',
  'team.history.description': 'Die mittlere Stufe des Teams am Ende jedes Monats.',
  'team.history.meanLevel': 'Mittlere Stufe',

  'team.members.heading': 'Kolleginnen und Kollegen, die ihre Stufen teilen',
  'team.members.none': 'Noch niemand teilt Namen und Stufen.',
  'team.members.caption':
    'Kolleginnen und Kollegen, die Namen und Stufen teilen, mit ihrer neuesten Auswertung',
  'team.members.name': 'Name',
  'team.members.role': 'Rolle',
  'team.members.overall': 'Gesamt',
  'team.members.you': 'Sie',
  'team.members.noRole': 'Keine Rolle angegeben',

  'team.choices.heading': 'Ihre Einstellungen',
  'team.choices.share': 'Meinen Namen und meine Stufen Kolleginnen und Kollegen zeigen',
  'team.choices.shareHint': 'Ausgeschaltet zählen Ihre Auswertungen ohne Ihren Namen zu den Zahlen.',
  'team.choices.shared': 'Ihre Kolleginnen und Kollegen sehen jetzt Ihren Namen und Ihre Stufen.',
  'team.choices.unshared': 'Ihre Kolleginnen und Kollegen sehen Ihren Namen und Ihre Stufen nicht mehr.',
  'team.choices.failed': 'Ihre Auswahl konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
  'team.choices.leave': 'Team verlassen',
  'team.choices.leaveConfirm':
    'Ihr Team verlassen? Ihre Auswertungen zählen dann nicht mehr zu den Zahlen des Teams, und Sie sehen diese nicht mehr. Sie können später wieder beitreten.',
  'team.choices.leaveButton': 'Team verlassen',
  'team.choices.stay': 'Bleiben',
  'team.choices.leftToast': 'Sie haben Ihr Team verlassen.',

  'team.invite.title': 'Mit dem Team bewerten',
  'team.invite.intro':
    'Jede Person erhält eine E-Mail mit einem eigenen Link, der {days} Tage gültig ist. Beitreten können nur Adressen bei {domain}.',
  'team.invite.email': 'Person {number}: E-Mail-Adresse',
  'team.invite.role': 'Person {number}: Rolle',
  'team.invite.noRole': 'Rolle (optional)',
  'team.invite.remove': 'Person {number} entfernen',
  'team.invite.add': 'Weitere Person hinzufügen',
  'team.invite.max': 'Höchstens {max} Personen auf einmal.',
  'team.invite.invalidEmail': 'Geben Sie eine gültige E-Mail-Adresse ein.',
  'team.invite.send': '{count, plural, one {# Einladung senden} other {# Einladungen senden}}',
  'team.invite.sent': '{count, plural, one {# Einladung gesendet.} other {# Einladungen gesendet.}}',
  'team.invite.failed': 'Die Einladungen konnten nicht gesendet werden. Bitte versuchen Sie es erneut.',

  'team.invites.heading': 'Ihre gesendeten Einladungen',
  'team.invites.none': 'Sie haben noch niemanden eingeladen.',
  'team.invites.loadFailed': 'Ihre Einladungen konnten nicht geladen werden.',
  'team.invites.sentOn': 'Gesendet am {date}',
  'team.invites.expiresOn': 'Link gültig bis {date}',
  'team.invites.status.pending': 'Offen',
  'team.invites.status.accepted': 'Angenommen',
  'team.invites.status.expired': 'Abgelaufen',
  'team.invites.status.revoked': 'Zurückgezogen',
  'team.invites.resend': 'Erneut senden',
  'team.invites.resendLabel': 'Einladung an {email} erneut senden',
  'team.invites.resent': 'Die Einladung an {email} wurde erneut gesendet.',
  'team.invites.revoke': 'Zurückziehen',
  'team.invites.revokeLabel': 'Einladung an {email} zurückziehen',
  'team.invites.revokeConfirm':
    'Die Einladung an {email} zurückziehen? Ihr Link funktioniert dann nicht mehr.',
  'team.invites.revokeButton': 'Einladung zurückziehen',
  'team.invites.keep': 'Behalten',
  'team.invites.revoked': 'Die Einladung an {email} wurde zurückgezogen.',
  'team.invites.actionFailed': 'Das hat nicht geklappt. Bitte versuchen Sie es erneut.',
} satisfies MessagesOf<typeof en>;
