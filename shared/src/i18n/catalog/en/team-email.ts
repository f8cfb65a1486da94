/** The team invite email. */
export default {
  'team.email.subject': 'Assess {domain} with your team on {productName}',
  // {inviter} is the inviting colleague's address: it says who asked, and cannot be made up.
  'team.email.lead':
    '{inviter} asked you to take the {productName} for {domain}, so your team can see where it agrees and where it does not. Your company’s details are already filled in.',
  'team.email.action': 'Start the assessment',
  'team.email.expiry':
    'The link works for {days} days and signs you in with this address. If you did not expect this email, you can ignore it.',
};
