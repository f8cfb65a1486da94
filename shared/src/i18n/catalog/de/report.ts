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
} satisfies MessagesOf<typeof en>;
