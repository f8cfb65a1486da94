/**
 * The site around the assessment: the landing page, the site header and its switches, the matrix
 * page and the matrix itself, the not found page, and the shared components' texts.
 */
export default {
  'language.failed': 'The page could not switch to {name}. Please try again.',
  'spinner.loading': 'Loading',
  'link.opensInNewTab': '(opens in a new tab)',
  'noscript.note':
    'The assessment needs JavaScript: its questions, your scores and your results are drawn in your browser. Please turn JavaScript on and reload this page.',

  'theme.label': 'Theme',
  'theme.light': 'Light theme',
  'theme.dark': 'Dark theme',
  'theme.system': 'Follow system theme',

  'header.providerWebsite': '{provider} website',
  'header.providerWebsiteUnknown': 'Provider website',
  'header.takeAssessment': 'Take Assessment',
  'header.admin': 'Admin',

  'landing.skipLink': 'Skip to content',
  'landing.sections': 'Page sections',
  'landing.nav.about': 'About the Model',
  'landing.nav.impact': 'IMPACT Framework',
  'landing.hero.eyebrow': 'Free self-assessment for MSPs',
  'landing.title': "Measure Your MSP's Automation Maturity",
  'landing.hero.lead':
    'Find out where your managed services business stands on automation, pillar by pillar, and get a clear roadmap for what to automate next.',
  'landing.hero.start': 'Start Assessment',
  'landing.hero.explore': 'Explore the Model',
  'landing.hero.facts': 'At a glance',
  'landing.fact.time': '10-15 minutes to complete',
  'landing.fact.cost': '100% free',
  'landing.fact.speed': 'Instant results',
  'landing.ladder.level': 'Level {level}',

  'landing.model.eyebrow': 'About the Model',
  'landing.model.title': 'The Automation Maturity Model',
  'landing.model.intro':
    'The model looks at automation across every part of an MSP. Each pillar is rated on the same four levels, from little automation in use to fully mature automation, so you can see exactly where you are strong and where to invest next.',
  'landing.model.pillars': 'The Pillars',
  'landing.model.levels': 'The Four Maturity Levels',
  'landing.model.matrixTitle': 'Explore the Maturity Matrix',
  'landing.model.matrixHint':
    'Select any cell to see what that level looks like for a pillar: requirements, examples, key metrics and next steps.',
  'landing.model.openMatrix': 'Open full matrix',

  'landing.expect.eyebrow': 'The Assessment',
  'landing.expect.title': 'What to Expect',
  'landing.expect.evaluation.title': '6-Pillar Evaluation',
  'landing.expect.evaluation.text':
    'Answer focused questions that score your automation across every pillar of the model.',
  'landing.expect.analysis.title': 'Instant Analysis',
  'landing.expect.analysis.text':
    'See your overall maturity level and a score for each pillar the moment you submit.',
  'landing.expect.roadmap.title': 'Personalized Roadmap',
  'landing.expect.roadmap.text':
    'Get prioritized recommendations for the next steps that will move your MSP forward.',
  'landing.expect.benchmark.title': 'Benchmark Comparison',
  'landing.expect.benchmark.text': 'Compare your results with MSPs of a similar size and client base.',
  'landing.stat.time.value': '10-15',
  'landing.stat.time.label': 'minutes to complete',
  'landing.stat.cost.value': '100%',
  'landing.stat.cost.label': 'free',
  'landing.stat.speed.value': 'Instant',
  'landing.stat.speed.label': 'results',
  'landing.expect.begin': 'Begin Your Assessment',

  'landing.impact.eyebrow': 'IMPACT Framework',
  'landing.impact.title': 'Turn Automation into Measurable Impact',
  'landing.impact.intro':
    'Knowing your maturity level is the start. The IMPACT framework turns each automation opportunity into a business case you can act on, in three steps.',
  'landing.impact.step': 'Step {number}',
  'landing.impact.quantify.title': 'Quantify the Problem',
  'landing.impact.quantify.text':
    'Measure the hours, cost and risk that manual work creates today, so every decision starts from real numbers.',
  'landing.impact.define.title': 'Define the Solution',
  'landing.impact.define.text':
    'Design the automation that removes the bottleneck, with a clear scope, an owner and success metrics.',
  'landing.impact.realize.title': 'Realize the Impact',
  'landing.impact.realize.text':
    'Roll it out, track results against your baseline and reinvest the time you win into growth.',
  'landing.impact.tools': 'Explore the IMPACT Tools',

  'footer.label': 'Footer',
  'footer.copyright': '© {year} {provider}. All rights reserved.',
  'footer.privacy':
    'No cookies track you here. To see where visitors stop, this site counts visits to each step of the assessment per day and per campaign source, and how long a step took in rough ranges; nothing in those counts identifies a visitor.',
  'footer.privacyPolicy': 'Privacy Policy',
  'footer.terms': 'Terms of Service',
  'footer.about': 'About',
  'footer.admin': 'Admin',

  'matrix.label': 'Automation maturity matrix',
  'matrix.loading': 'Loading maturity matrix...',
  'matrix.unavailable': 'Unable to load maturity matrix data.',
  'matrix.noData': 'No data available',
  'matrix.cellsFailed': 'Failed to fetch matrix cells',
  'matrix.pillarsFailed': 'Failed to fetch pillars',
  'matrix.tryAgain': 'Try again',
  'matrix.pillar': 'Pillar',
  'matrix.details': 'Details',
  'matrix.cell.title': '{pillar} — {level}',
  'matrix.cell.region': '{pillar} — {level} details',
  'matrix.cell.overview': 'Overview',
  'matrix.cell.requirements': 'Requirements',
  'matrix.cell.examples': 'Examples',
  'matrix.cell.metrics': 'Key Metrics',
  'matrix.cell.nextSteps': 'Next Steps',
  'matrix.cell.previous': 'Previous: {level}',
  'matrix.cell.previousLevel': 'Previous level',
  'matrix.cell.next': 'Next: {level}',
  'matrix.cell.nextLevel': 'Next level',
  'matrix.cell.close': 'Close',

  'matrix.page.documentTitle': 'Maturity Matrix · {product}',
  'matrix.page.documentTitleBare': 'Maturity Matrix',
  'matrix.page.eyebrow': 'Maturity Model',
  'matrix.page.title': 'Automation Maturity Matrix',
  'matrix.page.lead':
    'Every pillar of the model across the four maturity levels. Select a cell to see what that level looks like in practice: requirements, examples, key metrics and the next steps to move up.',
  'matrix.page.footerTitle': 'Where does your MSP stand?',
  'matrix.page.footerText':
    'Answer a short set of questions and get your level for every pillar, with a personalized roadmap.',
  'matrix.page.start': 'Start the assessment',

  'notFound.title': '404 Page Not Found',
  'notFound.message': 'We couldn’t find {path}. The link may be out of date, or the address may be mistyped.',
  'notFound.home': 'Back to home',
  'notFound.assessment': 'Take the assessment',
} as const;
