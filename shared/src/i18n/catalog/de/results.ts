import type results from '../en/results.js';
import type { MessagesOf } from '../types.js';

export default {
  'results.pageTitle': 'Ihre Ergebnisse · {productName}',
  'results.pageTitleBare': 'Ihre Ergebnisse',
  'results.notFound.title': 'Ergebnisse nicht gefunden',
  'results.notFound.text': 'Die Ergebnisse des Assessments wurden nicht gefunden.',
  'results.tryAgain': 'Erneut versuchen',
  'results.takeAssessment': 'Zum Assessment',
  'results.backHome': 'Zur Startseite',
  'results.takeAgain': 'Assessment erneut durchführen',
  'results.nextSteps': 'Nächste Schritte',
  'results.loading': 'Ihre Ergebnisse werden ausgewertet …',

  // The provider's logo above the title: its name is what the picture says.
  'results.logoAlt': '{providerName}',
  'results.title': 'Ihre Ergebnisse zum Automatisierungsgrad',
  'results.subtitle': 'Auf Grundlage Ihres Assessments über {count} zentrale Säulen',
  'results.completedOn': 'Abgeschlossen am {date}',
  'results.print': 'Drucken',
  'results.report.actions': 'Ergebnisse speichern oder drucken',
  'results.report.download': 'PDF-Bericht herunterladen',
  'results.report.preparing': 'Ihr PDF-Bericht wird erstellt …',
  'results.report.failedTitle': 'Der PDF-Bericht konnte nicht heruntergeladen werden',
  'results.report.failedText':
    'Bitte versuchen Sie es gleich noch einmal, oder drucken Sie stattdessen diese Seite.',
  'results.report.goneText': 'Diese Ergebnisse sind nicht mehr verfügbar.',
  'results.percent': '{value, number, percent}',
  'results.dialLevel': 'Stufe',
  'results.ofTop': 'von {top}',

  'results.banner.eyebrow': 'Gesamter Reifegrad',
  'results.banner.scale': 'Reifegrade',
  'results.banner.scaleStep': '{level} {name}',

  'results.radar.heading': 'Reifegrad nach Säule',
  'results.radar.label':
    'Netzdiagramm Ihrer Bewertung nach Säule auf der Reifegradskala von 0 bis 3. {description}',
  'results.radar.pillar': '{pillar}: {percent, number, percent}, {level}',
  'results.scores.heading': 'Bewertung im Detail',

  'results.comparison.heading': 'Ihr Vergleich mit ähnlichen MSPs',
  'results.comparison.failed': 'Die Vergleichsdaten konnten nicht abgerufen werden.',
  'results.comparison.withheld':
    'Der Vergleich erscheint, sobald drei ähnliche MSPs das Assessment durchgeführt haben',
  'results.comparison.lead': 'Verglichen mit {count} anderen MSPs {similarity}',
  'results.comparison.employeeCount': '{hasUnit, select, yes {{value}} other {{value} Mitarbeitenden}}',
  'results.comparison.companyCount': '{hasUnit, select, yes {{value}} other {{value} betreuten Unternehmen}}',
  'results.comparison.withEmployees': 'mit {employees}',
  'results.comparison.managingCompanies': 'mit {companies}',
  'results.comparison.withBoth': 'mit {employees} und {companies}',
  'results.comparison.similarSize': 'ähnlicher Größe',
  'results.comparison.similarEmployees': 'mit einer ähnlichen Zahl an Mitarbeitenden',
  'results.comparison.similarCompanies': 'mit einer ähnlichen Zahl betreuter Unternehmen',
  'results.comparison.allSizes': 'aller Unternehmensgrößen',
  'results.comparison.overall': 'Gesamtstufe',
  'results.comparison.you': 'Sie',
  'results.comparison.peerAverage': 'Durchschnitt der Vergleichsgruppe',
  'results.comparison.averageValue': '{average, number, ::.0}',
  'results.comparison.distribution': 'Verteilung der Vergleichsgruppe',
  'results.comparison.byPillar': 'Nach Säule',
  'results.comparison.pillarValues':
    'Sie {yours, number, percent} · Vergleichsgruppe {peers, number, percent}',
  'results.comparison.pillarValuesNoPeers': 'Sie {yours, number, percent} · Vergleichsgruppe k. A.',

  'results.analysis.heading': 'Analyse Ihres Wegs zur Automatisierung',
  'results.analysis.recommendations': 'Wichtigste Empfehlungen',
  'results.cta.heading': 'Bereit, Ihre Automatisierung voranzubringen?',
  'results.cta.defaultLabel': 'Mehr über {providerName}',
  'results.cta.text':
    'Machen Sie aus diesen Ergebnissen einen praxisnahen Fahrplan: Priorisieren Sie die Automatisierung, die Ihre Techniker für höherwertige Aufgaben freistellt und Ihre Servicebereitstellung skalierbar macht.',
} satisfies MessagesOf<typeof results>;
