/** Teams, as the visitor sees them: the share box at the last step, the invite's page, /my/team and its invites. */
export default {
  // {domain} is the part of the typed address after the @.
  'team.shareOptIn': 'Show my name and levels to colleagues at {domain}',
  'team.shareOptInHint':
    "Colleagues who assess your company see the team's figures; your name only if you tick this.",

  'team.join.title': 'Join your team',
  'team.join.pageTitle': 'Join your team | {productName}',
  'team.join.text':
    "A colleague invited you to assess your company's automation maturity. Continue to start the assessment with your company's details filled in.",
  'team.join.continue': 'Continue',
  'team.join.expired':
    'This invite link has expired, was already used or was withdrawn. Ask the colleague who invited you for a new one, or, if you have taken the assessment before, ask for a sign-in link.',
  'team.join.signInLink': 'Ask for a sign-in link',
  'team.join.failed': 'The invite could not be opened. Please try again.',

  'team.nav': 'Your team',
  'team.assessWithTeam': 'Assess with your team',
  'team.downloadReport': 'Team report (PDF)',
  'team.pageTitle': 'Your team | {productName}',
  'team.pageTitleBare': 'Your team',
  'team.title': 'Your team',
  'team.backToMy': 'Your assessments',
  'team.loading': 'Loading your team',
  'team.loadFailed': 'Your team could not be loaded.',
  'team.tryAgain': 'Try again',
  'team.heading': 'Your team at {domain}',
  'team.personal':
    'You signed in with a personal address ({email}). Personal and free-mail addresses take the assessment alone: to assess with colleagues, take it with your company address and sign in with that.',
  'team.left': 'You left your team at {domain}',
  'team.leftText':
    "Your assessments no longer count in the team's figures and you do not see them. You can come back at any time.",
  'team.rejoin': 'Rejoin',
  'team.rejoined': 'You are back in your team.',
  'team.pending':
    "{assessed} of {threshold} colleagues have assessed; the team's figures appear once {threshold} have.",

  'team.overall.heading': 'The team overall',
  'team.overall.members': '{count, plural, one {# colleague assessed} other {# colleagues assessed}}',
  // {level} is the mean level with one decimal, {percentage} the mean score.
  'team.overall.mean': 'Mean level {level} of 3, average score {percentage}',

  'team.pillars.heading': 'Where the team agrees and where it does not',
  'team.pillars.intro':
    "Each bar runs from the lowest to the highest level a colleague reached in that pillar; the marker is the team's mean.",
  'team.pillars.scale': 'Level {level}',
  'team.pillars.mean': 'Mean {level}',
  'team.pillars.range': 'Lowest {lowest}, highest {highest}',
  'team.pillars.spread': '{spread, plural, =0 {Spread: none} one {Spread: # level} other {Spread: # levels}}',
  'team.pillars.mostDisagreement': 'Most disagreement',
  // Read out for the bar, which the eye reads at a glance.
  'team.pillars.rangeLabel':
    '{pillar}: levels from {lowest} to {highest}, mean {mean}, {members, plural, one {# colleague} other {# colleagues}}',

  'team.roles.heading': 'By role',
  'team.roles.members': '{count, plural, one {# colleague} other {# colleagues}}',
  'team.roles.mean': 'Mean level {level}',

  'team.history.heading': 'The team over time',
  'team.history.one': 'The chart appears once the team has figures from two months.',
  'team.history.description': "The team's mean level at the end of each month.",
  'team.history.meanLevel': 'Mean level',

  'team.members.heading': 'Colleagues who share their levels',
  'team.members.none': 'No colleague shares their name and levels yet.',
  'team.members.caption': 'Colleagues who share their name and levels, with their latest assessment',
  'team.members.name': 'Name',
  'team.members.role': 'Role',
  'team.members.overall': 'Overall',
  'team.members.you': 'you',
  'team.members.noRole': 'No role given',

  'team.choices.heading': 'Your choices',
  'team.choices.share': 'Show my name and levels to colleagues',
  'team.choices.shareHint': 'Off, your assessments count in the figures without your name.',
  'team.choices.shared': 'Colleagues now see your name and levels.',
  'team.choices.unshared': 'Colleagues no longer see your name and levels.',
  'team.choices.failed': 'Your choice could not be saved. Please try again.',
  'team.choices.leave': 'Leave team',
  'team.choices.leaveConfirm':
    "Leave your team? Your assessments stop counting in the team's figures and you stop seeing them. You can rejoin later.",
  'team.choices.leaveButton': 'Leave team',
  'team.choices.stay': 'Stay',
  'team.choices.leftToast': 'You left your team.',

  'team.invite.title': 'Assess with your team',
  'team.invite.intro':
    'Each colleague gets an email with their own link, valid for {days} days. Only addresses at {domain} can join.',
  'team.invite.email': 'Colleague {number}: email address',
  'team.invite.role': 'Colleague {number}: role',
  'team.invite.noRole': 'Role (optional)',
  'team.invite.remove': 'Remove colleague {number}',
  'team.invite.add': 'Add a colleague',
  'team.invite.max': 'At most {max} colleagues at once.',
  'team.invite.invalidEmail': 'Enter a valid email address.',
  'team.invite.send': '{count, plural, one {Send # invite} other {Send # invites}}',
  'team.invite.sent': '{count, plural, one {# invite sent.} other {# invites sent.}}',
  'team.invite.failed': 'The invites could not be sent. Please try again.',

  'team.invites.heading': 'Invites you sent',
  'team.invites.none': 'You have not invited anyone yet.',
  'team.invites.loadFailed': 'Your invites could not be loaded.',
  'team.invites.sentOn': 'Sent {date}',
  'team.invites.expiresOn': 'Link valid until {date}',
  'team.invites.status.pending': 'Pending',
  'team.invites.status.accepted': 'Accepted',
  'team.invites.status.expired': 'Expired',
  'team.invites.status.revoked': 'Revoked',
  'team.invites.resend': 'Resend',
  'team.invites.resendLabel': 'Resend the invite to {email}',
  'team.invites.resent': 'The invite to {email} was sent again.',
  'team.invites.revoke': 'Revoke',
  'team.invites.revokeLabel': 'Revoke the invite to {email}',
  'team.invites.revokeConfirm': 'Revoke the invite to {email}? Its link stops working.',
  'team.invites.revokeButton': 'Revoke invite',
  'team.invites.keep': 'Keep it',
  'team.invites.revoked': 'The invite to {email} was revoked.',
  'team.invites.actionFailed': 'That did not work. Please try again.',
} as const;
