import type site from '../en/site.js';
import type { MessagesOf } from '../types.js';

export default {
  'language.failed': 'Die Seite konnte nicht auf {name} umgestellt werden. Bitte versuchen Sie es erneut.',
  'spinner.loading': 'Wird geladen',
  'link.opensInNewTab': '(öffnet in einem neuen Tab)',
  'noscript.note':
    'Die Bewertung braucht JavaScript: Fragen, Punktzahlen und Ergebnisse entstehen in Ihrem Browser. Bitte schalten Sie JavaScript ein und laden Sie diese Seite neu.',

  'theme.label': 'Farbschema',
  'theme.light': 'Helles Farbschema',
  'theme.dark': 'Dunkles Farbschema',
  'theme.system': 'Farbschema des Systems verwenden',

  'header.providerWebsite': 'Website von {provider}',
  'header.providerWebsiteUnknown': 'Website des Anbieters',
  'header.takeAssessment': 'Zur Bewertung',
  'header.admin': 'Verwaltung',

  'landing.skipLink': 'Zum Inhalt springen',
  'landing.sections': 'Abschnitte der Seite',
  'landing.nav.about': 'Über das Modell',
  'landing.nav.impact': 'IMPACT-Framework',
  'landing.hero.eyebrow': 'Kostenlose Selbstbewertung für MSPs',
  'landing.title': 'Messen Sie den Automatisierungsgrad Ihres MSP',
  'landing.hero.lead':
    'Finden Sie heraus, wo Ihr Managed-Services-Unternehmen bei der Automatisierung steht, Säule für Säule, und erhalten Sie einen klaren Fahrplan, was Sie als Nächstes automatisieren sollten.',
  'landing.hero.start': 'Bewertung starten',
  'landing.hero.explore': 'Das Modell entdecken',
  'landing.hero.facts': 'Auf einen Blick',
  'landing.fact.time': '10–15 Minuten Zeitaufwand',
  'landing.fact.cost': '100 % kostenlos',
  'landing.fact.speed': 'Sofortige Ergebnisse',
  'landing.ladder.level': 'Stufe {level}',

  'landing.model.eyebrow': 'Über das Modell',
  'landing.model.title': 'Das Automatisierungs-Reifegradmodell',
  'landing.model.intro':
    'Das Modell betrachtet die Automatisierung in allen Bereichen eines MSP. Jede Säule wird auf denselben vier Stufen bewertet, von kaum vorhandener bis zu vollständig ausgereifter Automatisierung. So sehen Sie genau, wo Sie stark sind und wo sich die nächste Investition lohnt.',
  'landing.model.pillars': 'Die Säulen',
  'landing.model.levels': 'Die vier Reifegradstufen',
  'landing.model.matrixTitle': 'Die Reifegradmatrix entdecken',
  'landing.model.matrixHint':
    'Wählen Sie eine Zelle, um zu sehen, wie diese Stufe für eine Säule aussieht: Anforderungen, Beispiele, Kennzahlen und nächste Schritte.',
  'landing.model.openMatrix': 'Ganze Matrix öffnen',

  'landing.expect.eyebrow': 'Die Bewertung',
  'landing.expect.title': 'Was Sie erwartet',
  'landing.expect.evaluation.title': 'Bewertung in 6 Säulen',
  'landing.expect.evaluation.text':
    'Beantworten Sie gezielte Fragen, die Ihre Automatisierung in jeder Säule des Modells bewerten.',
  'landing.expect.analysis.title': 'Sofortige Auswertung',
  'landing.expect.analysis.text':
    'Sehen Sie Ihren Gesamtreifegrad und den Wert jeder Säule, sobald Sie Ihre Antworten absenden.',
  'landing.expect.roadmap.title': 'Persönlicher Fahrplan',
  'landing.expect.roadmap.text':
    'Erhalten Sie priorisierte Empfehlungen für die nächsten Schritte, die Ihren MSP voranbringen.',
  'landing.expect.benchmark.title': 'Vergleich mit anderen MSPs',
  'landing.expect.benchmark.text':
    'Vergleichen Sie Ihre Ergebnisse mit MSPs ähnlicher Größe und mit ähnlichem Kundenstamm.',
  'landing.stat.time.value': '10–15',
  'landing.stat.time.label': 'Minuten Zeitaufwand',
  'landing.stat.cost.value': '100 %',
  'landing.stat.cost.label': 'kostenlos',
  'landing.stat.speed.value': 'Sofort',
  'landing.stat.speed.label': 'Ergebnisse',
  'landing.expect.begin': 'Jetzt Bewertung beginnen',

  'landing.impact.eyebrow': 'IMPACT-Framework',
  'landing.impact.title': 'Aus Automatisierung messbare Wirkung machen',
  'landing.impact.intro':
    'Ihren Reifegrad zu kennen, ist der Anfang. Das IMPACT-Framework macht aus jeder Automatisierungschance in drei Schritten einen Business Case, auf den Sie handeln können.',
  'landing.impact.step': 'Schritt {number}',
  'landing.impact.quantify.title': 'Das Problem beziffern',
  'landing.impact.quantify.text':
    'Messen Sie Stunden, Kosten und Risiken, die manuelle Arbeit heute verursacht, damit jede Entscheidung auf echten Zahlen beruht.',
  'landing.impact.define.title': 'Die Lösung festlegen',
  'landing.impact.define.text':
    'Entwerfen Sie die Automatisierung, die den Engpass beseitigt, mit klarem Umfang, einem Verantwortlichen und Erfolgskennzahlen.',
  'landing.impact.realize.title': 'Die Wirkung erzielen',
  'landing.impact.realize.text':
    'Führen Sie sie ein, messen Sie die Ergebnisse an Ihrem Ausgangswert und investieren Sie die gewonnene Zeit in Wachstum.',
  'landing.impact.tools': 'Die IMPACT-Werkzeuge entdecken',

  'footer.label': 'Fußzeile',
  'footer.copyright': '© {year} {provider}. Alle Rechte vorbehalten.',
  'footer.privacy':
    'Hier verfolgen Sie keine Cookies. Um zu sehen, wo Besucher aufhören, zählt diese Website die Besuche jedes Schritts der Bewertung pro Tag und pro Kampagnenquelle sowie in groben Bereichen, wie lange ein Schritt gedauert hat; nichts in diesen Zahlen identifiziert einen Besucher.',
  'footer.privacyPolicy': 'Datenschutzerklärung',
  'footer.terms': 'Nutzungsbedingungen',
  'footer.about': 'Über uns',
  'footer.admin': 'Verwaltung',

  'matrix.label': 'Automatisierungs-Reifegradmatrix',
  'matrix.loading': 'Reifegradmatrix wird geladen …',
  'matrix.unavailable': 'Die Daten der Reifegradmatrix konnten nicht geladen werden.',
  'matrix.noData': 'Keine Angaben vorhanden',
  'matrix.cellsFailed': 'Die Zellen der Matrix konnten nicht abgerufen werden',
  'matrix.pillarsFailed': 'Die Säulen konnten nicht abgerufen werden',
  'matrix.tryAgain': 'Erneut versuchen',
  'matrix.pillar': 'Säule',
  'matrix.details': 'Details',
  'matrix.cell.title': '{pillar} – {level}',
  'matrix.cell.region': 'Details zu {pillar} – {level}',
  'matrix.cell.overview': 'Überblick',
  'matrix.cell.requirements': 'Anforderungen',
  'matrix.cell.examples': 'Beispiele',
  'matrix.cell.metrics': 'Kennzahlen',
  'matrix.cell.nextSteps': 'Nächste Schritte',
  'matrix.cell.previous': 'Zurück: {level}',
  'matrix.cell.previousLevel': 'Vorherige Stufe',
  'matrix.cell.next': 'Weiter: {level}',
  'matrix.cell.nextLevel': 'Nächste Stufe',
  'matrix.cell.close': 'Schließen',

  'matrix.page.documentTitle': 'Reifegradmatrix · {product}',
  'matrix.page.documentTitleBare': 'Reifegradmatrix',
  'matrix.page.eyebrow': 'Reifegradmodell',
  'matrix.page.title': 'Automatisierungs-Reifegradmatrix',
  'matrix.page.lead':
    'Jede Säule des Modells über die vier Reifegradstufen hinweg. Wählen Sie eine Zelle, um zu sehen, wie diese Stufe in der Praxis aussieht: Anforderungen, Beispiele, Kennzahlen und die nächsten Schritte zur nächsten Stufe.',
  'matrix.page.footerTitle': 'Wo steht Ihr MSP?',
  'matrix.page.footerText':
    'Beantworten Sie ein paar kurze Fragen und erhalten Sie Ihre Stufe für jede Säule, mit einem persönlichen Fahrplan.',
  'matrix.page.start': 'Bewertung starten',

  'notFound.title': '404 – Seite nicht gefunden',
  'notFound.message':
    'Wir konnten {path} nicht finden. Der Link ist vielleicht veraltet, oder die Adresse wurde falsch eingegeben.',
  'notFound.home': 'Zur Startseite',
  'notFound.assessment': 'Zur Bewertung',
} satisfies MessagesOf<typeof site>;
