import { escapeHtml, FORGOT_PASSWORD_TTL_MINUTES } from '@msp/shared';
import { messageBody } from '../../http/pages.js';
import { PASSWORD_MIN_LENGTH } from '../../domain/passwords.js';
import { passwordMeterHtml } from '../../http/password-meter.js';
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
  /** The account's, the product's and the provider's words, which the password may not be built from. */
  accountWords: readonly string[];
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
${passwordMeterHtml(options.accountWords)}
<button type="submit">${escapeHtml(text.button)}</button>
</form>`;
}

const ASK = 'Ask an administrator for a new link.';
const FORGOT = 'use Forgot password on the sign-in page';

/** Why a link does not work, in words for the person holding it. */
export const UNUSABLE_TEXT: Record<UnusableInvite, { title: string; text: string }> = {
  unknown: {
    title: 'This link is not valid',
    text: `Check that you opened the whole link from your email or message. ${ASK}`,
  },
  used: {
    title: 'This link has already been used',
    text: `Each link sets a password once. Sign in with your email and password; if you have forgotten it, ${FORGOT} or ask an administrator for a new link.`,
  },
  replaced: {
    title: 'This link has been replaced',
    text: `A newer link was made for your account, so this one no longer works. Use the newest link you were sent, or ${ASK.toLowerCase()}`,
  },
  expired: {
    title: 'This link has expired',
    text: `Links from an administrator work for 7 days, and links from Forgot password for ${FORGOT_PASSWORD_TTL_MINUTES} minutes. For a new link, ask an administrator, or, if you have set a password before, ${FORGOT}.`,
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

const SIGN_IN_LINK = '<p class="footer-link"><a href="/api/login">Back to sign in</a></p>';

/**
 * Forgot password without email: nobody can be sent a link, but an administrator can make one in
 * User Management and hand it over.
 */
export function askAdministratorBody(): string {
  return `<h1>Forgot your password?</h1>
<p class="lead">This server does not send email, so it cannot send you a reset link.</p>
<p>Ask an administrator to open User Management and make a new password link for you. They can copy it to you; it works once, for 7 days.</p>
<h2 class="hint-heading">The only administrator?</h2>
<p>Someone with shell access to the server can set a new password there: in the app's folder, run the command below with your email address and a new password of at least 12 characters. Your account keeps its data and is an approved admin afterwards.</p>
<pre class="command"><code>npm run admin:create -- --email EMAIL --password PASSWORD</code></pre>
${SIGN_IN_LINK}`;
}

/** The Forgot password form. */
export function forgotPasswordBody(options: {
  crumb: string;
  email?: string;
  error?: string;
  ssoLabel?: string;
}): string {
  const error = options.error
    ? `<p class="error" role="alert" id="email-error">${escapeHtml(options.error)}</p>`
    : '';
  const described = options.error ? 'email-error email-hint' : 'email-hint';
  const sso = options.ssoLabel
    ? `<p class="hint">If you sign in with ${escapeHtml(options.ssoLabel.replace(/^Sign in with /i, ''))}, there is no password to reset: use that button on the sign-in page.</p>`
    : '';
  return `<h1>Forgot your password?</h1>
<p class="lead">Enter the email address you sign in with. If it has an account, we will email it a link to choose a new password.</p>
<form method="post" action="/api/forgot-password" novalidate>
<input type="hidden" name="crumb" value="${escapeHtml(options.crumb)}">
<label for="email">Email</label>
${error}<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(options.email ?? '')}" aria-describedby="${described}"${options.error ? ' aria-invalid="true"' : ''}>
<p class="hint" id="email-hint">The link works once, for ${FORGOT_PASSWORD_TTL_MINUTES} minutes.</p>
${sso}<button type="submit">Send reset link</button>
</form>
${SIGN_IN_LINK}`;
}

/** What every Forgot password request is answered with, whether or not the address has an account. */
export function resetRequestedBody(email: string): string {
  return `<h1>Check your email</h1>
<p class="lead">If an account uses ${escapeHtml(email)}, we have sent it a link to choose a new password.</p>
<p>The link works once, for ${FORGOT_PASSWORD_TTL_MINUTES} minutes. Nothing arrived after a few minutes? Check your spam folder, try again, or ask an administrator.</p>
${SIGN_IN_LINK}`;
}
