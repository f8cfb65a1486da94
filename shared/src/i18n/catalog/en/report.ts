/** The PDF report of one submission: what the results page does not already say. */
export default {
  'report.title': 'Automation Maturity Report',
  // The document's title in a reader's window and its metadata.
  'report.documentTitle': '{productName}: report for {company}',
  'report.cover.logo': '{providerName} logo',
  'report.cover.preparedFor': 'Prepared for',
  'report.cover.preparedBy': 'Prepared by {providerName}',
  // {value} is the average score, already formatted ("61.4%").
  'report.cover.average': 'Average score across all pillars: {value}',
  // {value} is a fraction (0.667), shown with one decimal as the admin and the API show it.
  'report.percentage': '{value, number, ::percent .0}',
  'report.radar.pillar': '{pillar}: {percent}, {level}',
  'report.radar.alt': 'Radar chart of your score by pillar, on the maturity scale of 0 to 3. {description}',
  'report.table.pillar': 'Pillar',
  'report.table.level': 'Level',
  'report.table.levelName': 'Level name',
  'report.table.score': 'Score',
  'report.pillars.heading': 'Pillar by Pillar',
  'report.pillars.current': 'What your level means',
  'report.pillars.next': 'What the next level looks like',
  'report.pillars.topLevel':
    'You have reached the top level of this pillar: keep it there as your business grows.',
  'report.pillars.lowest': 'Where you scored lowest',
  'report.pillars.lowestItem': '{question} — {answer}',
  'report.analysis.byModel': 'Written by the AI model {model}',
  'report.analysis.byBuiltin': 'Written by the built-in analyst',
  // {yours} is "Level 2: Advanced", {average} the peers' average level ("1.8").
  'report.comparison.overall': 'You: {yours} · Peer average: {average} of 3',
  'report.comparison.share': '{level}: {share, number, percent}',
  // The results email's link to the report, when it is not attached.
  'report.emailLink': 'Download your report as a PDF',
  'report.footer': 'Reference {reference} · {date} · Page {page} of {pages}',
} as const;
