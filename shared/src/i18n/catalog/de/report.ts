import type { MessagesOf } from '../types.js';
import type en from '../en/report.js';

/** Der PDF-Bericht einer Auswertung. */
export default {
  'report.title': 'Bericht zur Automatisierungsreife',
  'report.documentTitle': '{productName}: Bericht für {company}',
  'report.cover.logo': 'Logo von {providerName}',
  'report.cover.preparedFor': 'Erstellt für',
  'report.cover.preparedBy': 'Erstellt von {providerName}',
  'report.cover.average': 'Durchschnittliche Punktzahl über alle Säulen: {value}',
  'report.percentage': '{value, number, ::percent .0}',
  'report.radar.pillar': '{pillar}: {percent}, {level}',
  'report.radar.alt': 'Netzdiagramm Ihrer Punktzahl je Säule auf der Reifeskala von 0 bis 3. {description}',
  'report.table.pillar': 'Säule',
  'report.table.level': 'Stufe',
  'report.table.levelName': 'Bezeichnung',
  'report.table.score': 'Punktzahl',
  'report.pillars.heading': 'Säule für Säule',
  'report.pillars.current': 'Was Ihre Stufe bedeutet',
  'report.pillars.next': 'So sieht die nächste Stufe aus',
  'report.pillars.topLevel':
    'Sie haben die höchste Stufe dieser Säule erreicht: Halten Sie sie, während Ihr Unternehmen wächst.',
  'report.pillars.lowest': 'Wo Sie am niedrigsten abgeschnitten haben',
  'report.pillars.lowestItem': '{question} — {answer}',
  'report.analysis.byModel': 'Verfasst vom KI-Modell {model}',
  'report.analysis.byBuiltin': 'Verfasst vom integrierten Analysten',
  'report.comparison.overall': 'Sie: {yours} · Durchschnitt der Vergleichsgruppe: {average} von 3',
  'report.comparison.share': '{level}: {share, number, percent}',
  'report.emailLink': 'Ihren Bericht als PDF herunterladen',
  'report.footer': 'Referenz {reference} · {date} · Seite {page} von {pages}',
  'report.team.title': 'Teambericht',
  'report.team.documentTitle': '{productName}: Teambericht für {domain}',
  'report.team.cover.assessed':
    '{count, plural, one {# Mitglied hat teilgenommen} other {# Mitglieder haben teilgenommen}}',
  'report.team.cover.asOf': 'Stand: {date}',
  'report.team.cover.membersCopy':
    'Kolleginnen und Kollegen werden nur namentlich genannt, wenn sie ihre Ergebnisse mit dem Team teilen.',
  'report.team.cover.operatorCopy':
    'Exemplar des Anbieters: Es nennt alle Mitglieder, die teilgenommen haben.',
  'report.team.banner.eyebrow': 'Durchschnittliche Reifestufe Ihres Teams',
  'report.team.banner.level': '{value} von 3',
  'report.team.banner.nearest': 'Am nächsten an {level}',
  'report.team.banner.average': 'Durchschnittliche Punktzahl über alle Säulen und Mitglieder: {value}',
  'report.team.level': '{value, number, ::.0}',
  'report.team.range': '{lowest}–{highest}',
  'report.team.pillars.heading': 'Das Team Säule für Säule',
  'report.team.table.members': 'Mitglieder',
  'report.team.table.meanLevel': 'Mittlere Stufe',
  'report.team.table.range': 'Spanne',
  'report.team.table.meanScore': 'Mittlere Punktzahl',
  'report.team.table.role': 'Rolle',
  'report.team.table.month': 'Monat',
  'report.team.table.name': 'Name',
  'report.team.table.assessedOn': 'Teilgenommen am',
  'report.team.spread.heading': 'Wo Ihr Team auseinanderliegt',
  'report.team.spread.lead':
    'Jeder Balken reicht von der niedrigsten bis zur höchsten Stufe, die ein Mitglied erreicht hat; der Punkt zeigt den Mittelwert des Teams. Ein langer Balken steht für eine Säule, die Ihr Team unterschiedlich sieht.',
  'report.team.spread.alt':
    'Diagramm der Streuung der Stufen je Säule auf der Reifeskala von 0 bis 3. {description}',
  'report.team.spread.pillar': '{pillar}: von Stufe {lowest} bis Stufe {highest}, Mittelwert {mean}',
  'report.team.roles.heading': 'Nach Rolle',
  'report.team.roles.none':
    'Werte je Rolle erscheinen, sobald mindestens zwei Mitglieder dieselbe Rolle angeben.',
  'report.team.history.heading': 'Im Lauf der Monate',
  'report.team.history.lead':
    'Jeder Monat zählt die jeweils letzte Auswertung jedes Mitglieds, wie sie am Monatsende stand.',
  'report.team.history.none': 'Der Verlauf beginnt, sobald drei Mitglieder teilgenommen haben.',
  'report.team.questions.heading': 'Die Fragen, bei denen Ihr Team am meisten uneins war',
  'report.team.questions.lead':
    'Die Fragen, deren Antworten am weitesten auseinanderlagen, aus der jeweils letzten Auswertung jedes Mitglieds. Sie gemeinsam zu besprechen ist oft der schnellste Weg zu einem gemeinsamen Bild davon, wo Sie stehen.',
  'report.team.questions.none': 'Ihr Team hat jede Frage gleich beantwortet: Es gibt nichts abzugleichen.',
  'report.team.questions.scores':
    '{members} Mitglieder haben geantwortet · Punktzahlen von {lowest, number, percent} bis {highest, number, percent}',
  'report.team.questions.answer': '{answer} — {count, plural, one {# Mitglied} other {# Mitglieder}}',
  'report.team.members.sharedHeading': 'Mitglieder, die ihre Ergebnisse teilen',
  'report.team.members.allHeading': 'Mitglieder',
  'report.team.members.none': 'Noch hat kein Mitglied entschieden, seinen Namen mit dem Team zu teilen.',
  'report.team.members.left': 'hat das Team verlassen',
  'report.team.members.notListed':
    '{count, plural, one {# weiteres Mitglied zählt in den Zahlen mit und ist hier nicht aufgeführt.} other {# weitere Mitglieder zählen in den Zahlen mit und sind hier nicht aufgeführt.}}',
  'report.team.footer': '{domain} · {date} · Seite {page} von {pages}',
} satisfies MessagesOf<typeof en>;
