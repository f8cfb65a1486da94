import type assessment from '../en/assessment.js';
import type { MessagesOf } from '../types.js';

export default {
  'assessment.pageTitle': 'Assessment · {productName}',
  'assessment.pageTitleBare': 'Assessment',
  'assessment.loading': 'Das Assessment wird geladen …',
  'assessment.loadFailed.title': 'Das Assessment konnte nicht geladen werden',
  'assessment.loadFailed.description':
    'Beim Laden der Fragen ist ein Fehler aufgetreten. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  'assessment.tryAgain': 'Erneut versuchen',
  'assessment.empty.title': 'Das Assessment ist noch nicht verfügbar',
  'assessment.empty.description':
    'Wir bereiten die Fragen gerade vor. Bitte schauen Sie etwas später wieder vorbei.',
  'assessment.backHome': 'Zur Startseite',
  'assessment.previous': 'Zurück',
  'assessment.next': 'Weiter',

  'assessment.demographics.eyebrow': 'Schritt 1 von 2 · Über Sie',
  'assessment.demographics.title': 'Erzählen Sie uns zunächst etwas über sich und Ihren MSP',
  'assessment.demographics.guidance':
    'Wählen Sie bei jeder folgenden Frage die Antwort, die Ihre aktuelle Situation und Ihre Fähigkeiten {best} beschreibt. Es gibt keine richtigen oder falschen Antworten: Ein ehrliches Bild liefert Ihnen die aussagekräftigsten Ergebnisse.',
  'assessment.demographics.guidanceBest': 'AM BESTEN',
  'assessment.demographics.requiredHint': 'Mit {mark} markierte Felder sind Pflichtfelder.',
  'assessment.demographics.honeypot': 'Dieses Feld bitte leer lassen',
  'assessment.field.selectPlaceholder': 'Bitte wählen …',
  'assessment.privacyPolicy': 'Datenschutzerklärung',
  'assessment.privacyNotice.default':
    'Wir verwenden Ihre E-Mail-Adresse, um Ihnen Ihre Ergebnisse zu senden, und speichern sie zusammen mit Ihren Antworten. Sie können jederzeit verlangen, dass wir sie löschen.',

  'assessment.validation.required': '{label} ist ein Pflichtfeld',
  'assessment.validation.invalidEmail': 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  'assessment.validation.emailTooLong': 'Bitte geben Sie eine E-Mail-Adresse mit höchstens {max} Zeichen ein',
  'assessment.validation.invalidNumber': 'Bitte geben Sie eine Zahl ein',
  'assessment.validation.invalidOption': 'Bitte wählen Sie eine der aufgeführten Optionen',
  'assessment.validation.consentRequired': 'Bitte bestätigen Sie die Einwilligungserklärung, um fortzufahren',
  'assessment.validation.fieldProblem': '{label}: {message}',
  'assessment.validation.fieldsNeedAttention':
    '{count, plural, one {# Feld benötigt Ihre Aufmerksamkeit.} other {# Felder benötigen Ihre Aufmerksamkeit.}}',

  'assessment.question.eyebrow': 'Schritt 2 von 2 · Fragen des Assessments',
  'assessment.question.position': 'Frage {number} von {total}',
  'assessment.question.complete': '{percent, number, percent} abgeschlossen',
  'assessment.question.progressLabel': 'Fortschritt des Assessments',
  'assessment.question.progressValue':
    '{answered} von {total, plural, one {# Frage} other {# Fragen}} beantwortet, {percent, number, percent} abgeschlossen',
  'assessment.question.missingAnswer': 'Bitte wählen Sie eine Antwort, um fortzufahren.',
  'assessment.question.submit': 'Assessment absenden',
  'assessment.question.submitting': 'Wird gesendet …',

  'assessment.resume.cleared':
    'Ihre gespeicherten Antworten wurden gelöscht. Das Assessment beginnt wieder von vorn.',
  'assessment.resume.confirmTitle': 'Neu beginnen?',
  'assessment.resume.confirmText':
    'Dadurch werden Ihre Angaben und {answered, plural, =0 {alle Antworten} one {die eine Antwort} other {die # Antworten}}, die in diesem Browser gespeichert sind, gelöscht. Das kann nicht rückgängig gemacht werden.',
  'assessment.resume.clear': 'Löschen und neu beginnen',
  'assessment.resume.keep': 'Antworten behalten',
  'assessment.resume.welcome': 'Willkommen zurück.',
  'assessment.resume.resumed':
    'Wir haben das Assessment fortgesetzt, das Sie in diesem Browser begonnen haben{answered, plural, =0 {} other {; {answered} von {total} Fragen sind beantwortet}}.',
  'assessment.resume.startOver': 'Neu beginnen',

  'assessment.submit.consentTitle': 'Ihre Einwilligung wird benötigt',
  'assessment.submit.consentText':
    'Bitte bestätigen Sie die Einwilligungserklärung im ersten Schritt und senden Sie das Assessment dann erneut ab.',
  'assessment.submit.errorTitle': 'Fehler',
  'assessment.submit.errorText':
    'Das Assessment konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
} satisfies MessagesOf<typeof assessment>;
