/** Reminders to reassess: the box at the last step, the reminder email, and its preferences page. */
export default {
  // {days} is the admin's setting, 30 to 365.
  'reminder.optIn': 'Remind me to take it again in {days} days',
  'reminder.optInHint': 'One email to the address you gave, with a link to stop reminders.',
  'reminder.email.subject': 'Time to take the {productName} again',
  'reminder.email.greeting': 'Hi {firstName},',
  'reminder.email.greetingBare': 'Hello,',
  // {date} is when the last assessment was taken; {level} its overall level, as "Level 2: Advanced".
  'reminder.email.lead':
    'On {date} you took the {productName} and reached {level}. You asked us to remind you to take it again, to see how far you have moved.',
  'reminder.email.action': 'Take the assessment again',
  'reminder.email.progress': 'See all your assessments and your progress',
  'reminder.email.why':
    'You receive this email because you ticked "Remind me to take it again" when you took the assessment.',
  'reminder.email.preferences': 'Reminder preferences',
  'reminder.email.unsubscribe': 'Unsubscribe from reminders',
  'reminder.page.title': 'Reminder preferences',
  'reminder.page.pageTitle': 'Reminder preferences | {productName}',
  'reminder.page.loading': 'Loading your reminder preferences',
  'reminder.page.invalid': 'This link no longer works. The assessment it belongs to may have been deleted.',
  'reminder.page.failed': 'Your preferences could not be loaded.',
  'reminder.page.tryAgain': 'Try again',
  'reminder.page.for': 'Reminders to take the assessment again, sent to {email}.',
  'reminder.page.subscribed': 'You will be reminded on {date}.',
  'reminder.page.subscribedNone': 'You are subscribed, but no reminder is waiting.',
  'reminder.page.unsubscribed': 'You are unsubscribed: no reminder will be sent to this address.',
  'reminder.page.unsubscribe': 'Unsubscribe from reminders',
  'reminder.page.resubscribe': 'Remind me again',
  'reminder.page.saved': 'Your preferences are saved.',
  'reminder.page.saveFailed': 'Your preferences could not be saved. Please try again.',
  'reminder.page.takeAgain': 'Take the assessment now',
} as const;
