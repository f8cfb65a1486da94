/** The results page: the visitor's levels and scores, the peer comparison, the analysis's frame. */
export default {
  'results.pageTitle': 'Your Results · {productName}',
  'results.pageTitleBare': 'Your Results',
  'results.notFound.title': 'Results Not Found',
  'results.notFound.text': 'The assessment results could not be found.',
  'results.tryAgain': 'Try again',
  'results.takeAssessment': 'Take the assessment',
  'results.backHome': 'Back to home',
  'results.takeAgain': 'Take the assessment again',
  'results.nextSteps': 'Next steps',
  'results.loading': 'Analyzing your results...',

  // The provider's logo above the title: its name is what the picture says.
  'results.logoAlt': '{providerName}',
  'results.title': 'Your Automation Maturity Results',
  'results.subtitle': 'Based on your assessment across {count} key pillars',
  'results.completedOn': 'Completed on {date}',
  'results.print': 'Print',
  'results.report.actions': 'Save or print your results',
  'results.report.download': 'Download PDF report',
  'results.report.preparing': 'Preparing your PDF report…',
  'results.report.failedTitle': 'The PDF report could not be downloaded',
  'results.report.failedText': 'Please try again in a moment, or print this page instead.',
  'results.report.goneText': 'These results are no longer available.',
  // {value} is a fraction (0.42), shown as the language writes a percentage.
  'results.percent': '{value, number, percent}',
  // "Level 1 of 3" read top to bottom on the dial, and "of 3" beside the peers' average level.
  'results.dialLevel': 'Level',
  'results.ofTop': 'of {top}',

  'results.banner.eyebrow': 'Overall Maturity Level',
  'results.banner.scale': 'Maturity levels',
  'results.banner.scaleStep': '{level} {name}',

  'results.radar.heading': 'Maturity by Pillar',
  'results.radar.label':
    'Radar chart of your score by pillar, on the maturity scale of 0 to 3. {description}',
  'results.radar.pillar': '{pillar}: {percent, number, percent}, {level}',
  'results.scores.heading': 'Detailed Scores',

  'results.comparison.heading': 'How You Compare to Similar MSPs',
  'results.comparison.failed': 'Failed to fetch comparison data.',
  'results.comparison.withheld': 'The comparison appears once three similar MSPs have taken the assessment',
  'results.comparison.lead': 'Compared to {count} other MSPs {similarity}',
  // {hasUnit} is "yes" when the visitor's own answer already says "employees" (or "companies").
  'results.comparison.employeeCount': '{hasUnit, select, yes {{value}} other {{value} employees}}',
  'results.comparison.companyCount': '{hasUnit, select, yes {{value}} other {{value} companies}}',
  'results.comparison.withEmployees': 'with {employees}',
  'results.comparison.managingCompanies': 'managing {companies}',
  'results.comparison.withBoth': 'with {employees} managing {companies}',
  'results.comparison.similarSize': 'of a similar size',
  'results.comparison.similarEmployees': 'with a similar number of employees',
  'results.comparison.similarCompanies': 'managing a similar number of companies',
  'results.comparison.allSizes': 'across all company sizes',
  'results.comparison.overall': 'Overall level',
  'results.comparison.you': 'You',
  'results.comparison.peerAverage': 'Peer average',
  'results.comparison.averageValue': '{average, number, ::.0}',
  'results.comparison.distribution': 'How peers are distributed',
  'results.comparison.byPillar': 'By pillar',
  'results.comparison.pillarValues': 'You {yours, number, percent} · Peers {peers, number, percent}',
  'results.comparison.pillarValuesNoPeers': 'You {yours, number, percent} · Peers n/a',

  'results.analysis.heading': 'Your Automation Journey Analysis',
  'results.analysis.recommendations': 'Top Recommendations',
  'results.cta.heading': 'Ready to Accelerate Your Automation?',
  // The call to action's button, until the operator names their own (Settings).
  'results.cta.defaultLabel': 'Learn About {providerName}',
  'results.cta.text':
    'Turn these results into a practical roadmap: prioritize the automation that frees your technicians for higher-value work and lets your service delivery scale.',
} as const;
