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
  // The team report: one organisation's members' latest assessments together.
  'report.team.title': 'Team Report',
  'report.team.documentTitle': '{productName}: team report for {domain}',
  'report.team.cover.assessed': '{count, plural, one {# member assessed} other {# members assessed}}',
  'report.team.cover.asOf': 'Figures as of {date}',
  'report.team.cover.membersCopy':
    'Colleagues are named only where they chose to share their results with the team.',
  'report.team.cover.operatorCopy': "The provider's copy: it lists every member who assessed.",
  'report.team.banner.eyebrow': "Your team's average maturity level",
  // {value} is the mean level with one decimal, already formatted ("1.5").
  'report.team.banner.level': '{value} of 3',
  'report.team.banner.nearest': 'Closest to {level}',
  'report.team.banner.average': 'Average score across all pillars and members: {value}',
  // A mean level with one decimal: 1.5.
  'report.team.level': '{value, number, ::.0}',
  'report.team.range': '{lowest}–{highest}',
  'report.team.pillars.heading': 'The Team by Pillar',
  'report.team.table.members': 'Members',
  'report.team.table.meanLevel': 'Mean level',
  'report.team.table.range': 'Lowest–highest',
  'report.team.table.meanScore': 'Mean score',
  'report.team.table.role': 'Role',
  'report.team.table.month': 'Month',
  'report.team.table.name': 'Name',
  'report.team.table.assessedOn': 'Assessed on',
  'report.team.spread.heading': 'Where the Team Stands Apart',
  'report.team.spread.lead':
    "Each bar runs from the lowest to the highest level a member reached; the dot marks the team's mean. A long bar is a pillar your team sees differently.",
  'report.team.spread.alt':
    'Chart of the spread of levels per pillar, on the maturity scale of 0 to 3. {description}',
  'report.team.spread.pillar': '{pillar}: from level {lowest} to level {highest}, mean {mean}',
  'report.team.roles.heading': 'By Role',
  'report.team.roles.none': 'Figures per role appear once two or more members give the same role.',
  'report.team.history.heading': 'Over the Months',
  'report.team.history.lead':
    "Each month counts every member's latest assessment as it stood at the month's end.",
  'report.team.history.none': 'The history starts once three members have assessed.',
  'report.team.questions.heading': 'The Questions Your Team Disagreed on Most',
  'report.team.questions.lead':
    "The questions whose answers lay furthest apart, from each member's latest assessment. Talking these through together is often the quickest way to a shared picture of where you stand.",
  'report.team.questions.none': 'Your team answered every question alike: there is nothing to reconcile.',
  // {lowest} and {highest} are fractions (0.333) of the most a question's answer could score.
  'report.team.questions.scores':
    '{members} members answered · scores from {lowest, number, percent} to {highest, number, percent}',
  'report.team.questions.answer': '{answer} — {count, plural, one {# member} other {# members}}',
  'report.team.members.sharedHeading': 'Members Who Share Their Results',
  'report.team.members.allHeading': 'Members',
  'report.team.members.none': 'No member has chosen to share their name with the team yet.',
  'report.team.members.left': 'left the team',
  'report.team.members.notListed':
    '{count, plural, one {# more member counts in the figures and is not listed here.} other {# more members count in the figures and are not listed here.}}',
  'report.team.footer': '{domain} · {date} · Page {page} of {pages}',
} as const;
