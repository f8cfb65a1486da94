import { escapeHtml } from '@msp/shared';
import { messageBody } from '../../http/pages.js';
import { PASSWORD_MIN_LENGTH } from '../../domain/passwords.js';
import type { InvitePurpose } from '../../db/tables.js';
import type { UnusableInvite } from './invites-service.js';

const TEXT: Record<InvitePurpose, { title: string; lead: string; label: string; button: string }> = {
  invite: {
    title: 'Set your password',
    lead: 'Choose a password to finish setting up your account. You will use it with your email to sign in.',
    label: 'Password',
    button: 'Set password and sign in',
  },
  reset: {
    title: 'Choose a new password',
    lead: 'Your new password replaces the old one, and signs you out everywhere else.',
    label: 'New password',
    button: 'Save password and sign in',
  },
};

export const inviteTitle = (purpose: InvitePurpose) => TEXT[purpose].title;

/** The form that sets the password of an invite or reset link. */
export function inviteBody(options: {
  crumb: string;
  token: string;
  email: string;
  purpose: InvitePurpose;
  error?: string;
}): string {
  const text = TEXT[options.purpose];
  const error = options.error
    ? `<p class="error" role="alert" id="password-error">${escapeHtml(options.error)}</p>`
    : '';
  const invalid = options.error
    ? ' aria-invalid="true" aria-describedby="password-error password-hint"'
    : ' aria-describedby="password-hint"';
  return `<h1>${escapeHtml(text.title)}</h1>
<p class="lead">${escapeHtml(text.lead)}</p>
<form method="post" action="/api/invite" novalidate>
<input type="hidden" name="crumb" value="${escapeHtml(options.crumb)}">
<input type="hidden" name="token" value="${escapeHtml(options.token)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" value="${escapeHtml(options.email)}" readonly>
<label for="password">${escapeHtml(text.label)}</label>
${error}<input id="password" name="password" type="password" autocomplete="new-password" minlength="${PASSWORD_MIN_LENGTH}" required autofocus${invalid}>
<p class="hint" id="password-hint">At least ${PASSWORD_MIN_LENGTH} characters.</p>
<button type="submit">${escapeHtml(text.button)}</button>
</form>`;
}

const ASK = 'Ask an administrator for a new link.';

/** Why a link does not work, in words for the person holding it. */
export const UNUSABLE_TEXT: Record<UnusableInvite, { title: string; text: string }> = {
  unknown: {
    title: 'This link is not valid',
    text: `Check that you opened the whole link from your email or message. ${ASK}`,
  },
  used: {
    title: 'This link has already been used',
    text: 'Each link sets a password once. Sign in with your email and password, or ask an administrator for a new link if you have forgotten it.',
  },
  replaced: {
    title: 'This link has been replaced',
    text: `A newer link was made for your account, so this one no longer works. Use the newest link you were sent, or ${ASK.toLowerCase()}`,
  },
  expired: {
    title: 'This link has expired',
    text: `Links to set a password work for 7 days. ${ASK}`,
  },
  denied: {
    title: 'This link no longer works',
    text: 'Your account does not have access. Please contact an administrator.',
  },
};

export function unusableBody(reason: UnusableInvite): string {
  const { title, text } = UNUSABLE_TEXT[reason];
  return messageBody(title, text, { href: '/api/login', label: 'Go to sign in' });
}
