/** The verified visitor: the sign-in link, its email, and "Your assessments" at /my. */
export default {
  'my.pageTitle': 'Your assessments | {productName}',
  'my.pageTitleBare': 'Your assessments',
  'my.title': 'Your assessments',
  'my.intro':
    'Every assessment taken with your email address, how each pillar has moved since the one before, and a way to take it again.',
  'my.signIn.heading': 'Email me a link',
  // {minutes} is how long the link works.
  'my.signIn.text':
    'Enter the email address you gave in the assessment. We will send a link that signs you in: it works once, for {minutes} minutes, and needs no password.',
  'my.signIn.email': 'Email address',
  'my.signIn.submit': 'Email me a link',
  'my.signIn.sent':
    'If {email} has taken the assessment, a sign-in link is on its way. It works once, for {minutes} minutes.',
  'my.signIn.invalidEmail': 'Enter a valid email address.',
  'my.signIn.tooMany':
    'Too many links asked for. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'my.signIn.failed': 'The link could not be sent. Please try again.',
  'my.link.heading': 'Sign in to your assessments',
  'my.link.text': 'Continue to see the assessments taken with your email address on this device.',
  'my.link.continue': 'Continue',
  'my.link.expired': 'This sign-in link has expired or was already used. Ask for a new one below.',
  'my.signedInAs': 'Signed in as {email}',
  'my.signOut': 'Sign out',
  'my.signedOut': 'You are signed out.',
  'my.loading': 'Loading your assessments',
  'my.loadFailed': 'Your assessments could not be loaded.',
  'my.tryAgain': 'Try again',
  'my.empty': 'No assessments are stored for this address any more.',
  'my.takeAgain': 'Take it again',
  'my.count': '{count, plural, one {# assessment} other {# assessments}}',
  'my.takenOn': 'Taken on {date}',
  'my.latest': 'Latest',
  'my.overall': 'Overall level',
  'my.average': 'Average score {value}',
  'my.first': 'Your first assessment',
  'my.viewResults': 'View results',
  'my.report': 'PDF report',
  'my.reportLabel': 'PDF report, {date}',
  'my.resultsLabel': 'View results, {date}',
  'my.pillars': 'Pillars',
  'my.change.up': '{count, plural, one {up # level} other {up # levels}}',
  'my.change.down': '{count, plural, one {down # level} other {down # levels}}',
  'my.change.same': 'same level',
  // {value} is already signed and formatted ("+12.5", "−3.0").
  'my.change.score': '{value} points',
  'my.change.since': 'Since {date}',
  'my.chart.heading': 'Each pillar over time',
  'my.chart.one': 'Take the assessment again later to see how each pillar moves.',
  'my.chart.description': 'Score of each pillar, in percent, at each assessment.',
  'my.erase.heading': 'Delete your data',
  'my.erase.text':
    'Deletes every assessment taken with {email}, with its results, reports, reminders and any saved unfinished assessment, and signs you out. This cannot be undone.',
  'my.erase.button': 'Delete my assessments',
  'my.erase.confirm':
    'Delete {count, plural, one {your assessment} other {all # of your assessments}} for good? Nothing of them is kept.',
  'my.erase.confirmButton': 'Delete for good',
  'my.erase.cancel': 'Keep them',
  'my.erase.done': 'Your assessments and everything stored with them are deleted.',
  'my.erase.failed': 'Your assessments could not be deleted. Please try again.',
  'results.keep.heading': 'Come back and see your progress',
  'results.keep.text':
    'Get a sign-in link by email to see all your assessments in one place, and how each pillar moves when you take it again.',
  'results.keep.button': 'Email me a link',
  'results.keep.sent':
    'A sign-in link is on its way to the address you gave. It works once, for {minutes} minutes.',
  'results.keep.emailLink': 'See all your assessments and your progress',
  'site.nav.my': 'Your assessments',
  'visitor.email.subject': 'Your sign-in link for {productName}',
  'visitor.email.lead':
    'You asked to see the assessments taken with this email address on {productName}. This link signs you in:',
  'visitor.email.action': 'See your assessments',
  'visitor.email.expiry':
    'It works once, for {minutes} minutes. If you did not ask for it, you can ignore this email: nobody can sign in without the link.',
} as const;
