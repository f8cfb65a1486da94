import type analyst from '../en/analyst.js';
import type { MessagesOf } from '../types.js';

export default {
  'analyst.noPillars': 'Aus diesen Antworten ließ sich keine Säule bewerten.',
  'analyst.overall.company': '{company} steht insgesamt auf {level}.',
  'analyst.overall.you': 'Sie stehen insgesamt auf {level}.',
  'analyst.reading.0':
    'Automatisierung ist noch die Ausnahme: Die meiste Arbeit hängt davon ab, dass einzelne Techniker sie von Hand erledigen.',
  'analyst.reading.1':
    'Die Automatisierung hat begonnen, lebt aber in Inseln: einige Skripte und Workflows statt eines Systems.',
  'analyst.reading.2':
    'Die Automatisierung ist systematisch: Die meisten Routineaufgaben laufen über definierte, automatisierte Workflows.',
  'analyst.reading.3':
    'Das Unternehmen läuft auf Automatisierung: Sie wird von Anfang an eingeplant, gemessen und laufend verbessert.',
  'analyst.allAlike':
    'Alle Säulen erreichen denselben Wert ({percent} %), daher kann der Fortschritt dort beginnen, wo er sich am meisten lohnt.',
  'analyst.strongestWeakest':
    '{strongestCount, plural, one {Ihre stärkste Säule ist} other {Ihre stärksten Säulen sind}} {strongest} ({topLevel}, {topPercent} %); {weakest} {weakestCount, plural, one {liegt} other {liegen}} mit {bottomLevel} zurück ({bottomPercent} %).',
  'analyst.compounds':
    'Automatisierung verstärkt sich über die Säulen hinweg: Wer die schwächsten Bereiche anhebt, gewinnt meist mehr Kapazität, als wer die stärksten weiter verfeinert.',
  'analyst.allMature':
    'Jede Säule ist ausgereift: Jetzt geht es darum, dieses Niveau zu halten und den Nutzen weiter zu messen.',
  'analyst.sustain.title': '{pillar} auf {level} halten',
  'analyst.sustain.withSteps': 'Hier sind Sie bereits ausgereift. Damit das so bleibt: {steps}',
  'analyst.sustain.noSteps':
    'Hier sind Sie bereits ausgereift. Überprüfen Sie diese Säule jedes Quartal, damit das so bleibt.',
  'analyst.raise.title': '{pillar} auf {level} anheben',
  'analyst.raise.current': '{pillar} steht auf {level} ({percent} %).',
  'analyst.leadIn.0': 'Beginnen Sie mit:',
  'analyst.leadIn.1': 'Erste Schritte:',
  'analyst.leadIn.2': 'Zum Einstieg:',
} satisfies MessagesOf<typeof analyst>;
