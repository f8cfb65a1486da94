/**
 * The built-in analyst's sentences. Content, like the matrix: an administrator can reword or
 * translate each on the Translations screen. ICU MessageFormat, so plurals read right in every language.
 */
export default {
  'analyst.noPillars': 'No pillar could be scored from these answers.',
  'analyst.overall.company': '{company} is at {level} overall.',
  'analyst.overall.you': 'You are at {level} overall.',
  'analyst.reading.0':
    'Automation is still the exception: most work depends on individual technicians doing things by hand.',
  'analyst.reading.1':
    'Automation has started, but it lives in pockets: a few scripts and workflows rather than a system.',
  'analyst.reading.2':
    'Automation is systematic: most routine work runs through defined, automated workflows.',
  'analyst.reading.3':
    'The business runs on automation: it is designed in, measured and continuously improved.',
  'analyst.allAlike': 'All pillars score alike ({percent}%), so progress can start wherever it pays most.',
  'analyst.strongestWeakest':
    '{strongestCount, plural, one {Your strongest pillar is} other {Your strongest pillars are}} {strongest} ({topLevel}, {topPercent}%); {weakest} {weakestCount, plural, one {trails} other {trail}} at {bottomLevel} ({bottomPercent}%).',
  'analyst.compounds':
    'Automation compounds across pillars, so lifting the weakest areas usually frees more capacity than polishing the strongest.',
  'analyst.allMature': 'Every pillar is mature: the work now is to sustain it and keep measuring the return.',
  'analyst.sustain.title': 'Sustain {pillar} at {level}',
  'analyst.sustain.withSteps': 'You are already mature here. Keep it that way: {steps}',
  'analyst.sustain.noSteps':
    'You are already mature here. Review this pillar each quarter so it stays that way.',
  'analyst.raise.title': 'Raise {pillar} to {level}',
  'analyst.raise.current': '{pillar} is at {level} ({percent}%).',
  'analyst.leadIn.0': 'Start with:',
  'analyst.leadIn.1': 'First steps:',
  'analyst.leadIn.2': 'To begin:',
} as const;
