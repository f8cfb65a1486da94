/** "Continue later": the dialog that saves the assessment, its email, and the link that resumes it. */
export default {
  'assessment.later.button': 'Continue later',
  'assessment.later.title': 'Continue later',
  // {days} is how long a saved draft is kept after its last save.
  'assessment.later.text':
    'We will email you a link that brings back your details and your answers so far, on this or any other device. Nothing else is stored, and the draft is deleted when you submit or {days} days after your last save.',
  'assessment.later.email': 'Email address',
  'assessment.later.submit': 'Email me the link',
  'assessment.later.cancel': 'Cancel',
  'assessment.later.sentTitle': 'Link sent',
  'assessment.later.sent':
    "We've emailed you a link to continue. It went to {email} and works on any device until you submit the assessment. You can also keep going now.",
  'assessment.later.keepGoing': 'Keep going',
  'assessment.later.invalidEmail': 'Enter a valid email address.',
  'assessment.later.tooMany':
    'Too many links asked for. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'assessment.later.failed': 'Your assessment could not be saved. Please try again.',
  'assessment.draftLink.loading': 'Restoring your saved assessment',
  'assessment.draftLink.restored':
    'We restored the assessment you saved{answered, plural, =0 {} other {, with {answered} of {total} questions answered}}.',
  'assessment.draftLink.expired':
    'This link to a saved assessment has expired or was replaced by a newer one. You can start the assessment here.',
  'assessment.draftLink.failed':
    'Your saved assessment could not be loaded. Please open the link from your email again.',
  'drafts.email.subject': 'Continue your assessment on {productName}',
  'drafts.email.lead':
    'You saved your assessment on {productName} to continue later. This link brings back your answers so far, on any device:',
  'drafts.email.action': 'Continue the assessment',
  'drafts.email.expiry':
    'The link works until you submit the assessment; your saved answers are deleted {days} days after your last save. If you did not ask for this email, you can ignore it.',
} as const;
