/** The assessment's steps: the page around them, about you, the questions, the resume notice. */
export default {
  'assessment.pageTitle': 'Assessment · {productName}',
  'assessment.pageTitleBare': 'Assessment',
  'assessment.loading': 'Loading the assessment...',
  'assessment.loadFailed.title': 'The assessment could not be loaded',
  'assessment.loadFailed.description':
    'Something went wrong while loading the questions. Check your connection and try again.',
  'assessment.tryAgain': 'Try again',
  'assessment.empty.title': 'The assessment is not available yet',
  'assessment.empty.description': 'We are preparing the questions. Please come back a little later.',
  'assessment.backHome': 'Back to home',
  'assessment.previous': 'Previous',
  'assessment.next': 'Next',

  'assessment.demographics.eyebrow': 'Step 1 of 2 · About you',
  'assessment.demographics.title': 'First, tell us about yourself and your MSP',
  // {best} is the emphasised word below, set in bold where it stands in the sentence.
  'assessment.demographics.guidance':
    'For each question that follows, choose the answer that {best} describes your current situation and capabilities. There are no right or wrong answers: an honest picture gives you the most useful results.',
  'assessment.demographics.guidanceBest': 'BEST',
  // {mark} is the required field's asterisk.
  'assessment.demographics.requiredHint': 'Fields marked with {mark} are required.',
  'assessment.demographics.honeypot': 'Leave this field empty',
  'assessment.field.selectPlaceholder': 'Select...',
  'assessment.privacyPolicy': 'Privacy Policy',
  // What the email field says the address is for, until the operator writes their own (Settings).
  'assessment.privacyNotice.default':
    'We use your email address to send you your results, and keep it with your answers. You can ask us to delete them at any time.',

  'assessment.validation.required': '{label} is required',
  'assessment.validation.invalidEmail': 'Please enter a valid email address',
  'assessment.validation.emailTooLong': 'Please enter an email address of at most {max} characters',
  'assessment.validation.invalidNumber': 'Please enter a number',
  'assessment.validation.invalidOption': 'Please choose one of the listed options',
  'assessment.validation.consentRequired': 'Please tick the consent statement to continue',
  'assessment.validation.fieldProblem': '{label}: {message}',
  'assessment.validation.fieldsNeedAttention':
    '{count, plural, one {# field needs your attention.} other {# fields need your attention.}}',

  'assessment.question.eyebrow': 'Step 2 of 2 · Assessment questions',
  'assessment.question.position': 'Question {number} of {total}',
  // {percent} is a fraction (0.42), shown as the language writes a percentage.
  'assessment.question.complete': '{percent, number, percent} Complete',
  'assessment.question.progressLabel': 'Assessment progress',
  'assessment.question.progressValue':
    '{answered} of {total, plural, one {# question} other {# questions}} answered, {percent, number, percent} Complete',
  'assessment.question.missingAnswer': 'Please choose an answer to continue.',
  'assessment.question.submit': 'Submit Assessment',
  'assessment.question.submitting': 'Submitting...',

  'assessment.resume.cleared':
    'Your saved answers were cleared. The assessment starts again from the beginning.',
  'assessment.resume.confirmTitle': 'Start over?',
  'assessment.resume.confirmText':
    'This clears your details and {answered, plural, =0 {any answers} one {the 1 answer} other {the # answers}} saved in this browser. It cannot be undone.',
  'assessment.resume.clear': 'Clear and start over',
  'assessment.resume.keep': 'Keep my answers',
  'assessment.resume.welcome': 'Welcome back.',
  'assessment.resume.resumed':
    'We resumed the assessment you started in this browser{answered, plural, =0 {} other {, with {answered} of {total} questions answered}}.',
  'assessment.resume.startOver': 'Start over',

  'assessment.submit.consentTitle': 'Your consent is needed',
  'assessment.submit.consentText': 'Please tick the consent statement on the first step, then submit again.',
  'assessment.submit.errorTitle': 'Error',
  'assessment.submit.errorText': 'Failed to submit assessment. Please try again.',
} as const;
