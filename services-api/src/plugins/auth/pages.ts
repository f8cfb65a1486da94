import { escapeHtml } from '@msp/shared';
import { PASSWORD_MIN_LENGTH } from '../../domain/passwords.js';
import { passwordMeterHtml } from '../../http/password-meter.js';

/** The bodies of the sign-in, sign-out and founder setup pages, laid out by `renderPage`. */

export function signInBody(options: {
  crumb: string;
  email?: string;
  error?: string;
  ssoLabel?: string;
  notice?: string;
}): string {
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : '';
  const notice = options.notice ? `<p class="lead">${escapeHtml(options.notice)}</p>` : '';
  const sso = options.ssoLabel
    ? `<a class="button" href="/api/auth/oidc">${escapeHtml(options.ssoLabel)}</a>
<div class="divider">or with email and password</div>`
    : '';
  // Above both ways in, so a single sign-on failure does not read as a password error.
  return `<h1>Sign in</h1>
<p class="lead">Sign in to the admin portal.</p>
${notice}${error}${sso}
<form method="post" action="/api/auth/local" novalidate>
<input type="hidden" name="crumb" value="${escapeHtml(options.crumb)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(options.email ?? '')}"${options.email ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${options.email ? ' autofocus' : ''}>
<p class="hint"><a class="field-link" href="/api/forgot-password">Forgot password?</a></p>
<button type="submit">Sign in</button>
</form>`;
}

/** Asks before signing out, for a sign-out link followed from another site. */
export function signOutBody(options: { crumb: string }): string {
  return `<h1>Sign out?</h1>
<p class="lead">A link from another site asked to sign you out of the admin portal.</p>
<form method="post" action="/api/logout">
<input type="hidden" name="crumb" value="${escapeHtml(options.crumb)}">
<button type="submit">Sign out</button>
</form>
<a class="button secondary" href="/admin">Stay signed in</a>`;
}

export function setupBody(options: {
  crumb: string;
  /** The product's and the provider's words, which the password may not be built from. */
  siteWords: readonly string[];
  token: string;
  founderEmail?: string;
  values?: { email?: string; firstName?: string; lastName?: string };
  error?: string;
}): string {
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : '';
  const email = options.founderEmail ?? options.values?.email ?? '';
  const lock = options.founderEmail ? ' readonly' : '';
  return `<h1>Create the founder account</h1>
<p class="lead">This account administers the portal. Its role can never be changed, and it can approve everyone else.</p>
<form method="post" action="/api/setup" novalidate>
${error}
<input type="hidden" name="crumb" value="${escapeHtml(options.crumb)}">
<input type="hidden" name="token" value="${escapeHtml(options.token)}">
<label for="firstName">First name</label>
<input id="firstName" name="firstName" autocomplete="given-name" value="${escapeHtml(options.values?.firstName ?? '')}">
<label for="lastName">Last name</label>
<input id="lastName" name="lastName" autocomplete="family-name" value="${escapeHtml(options.values?.lastName ?? '')}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${lock}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required aria-describedby="password-hint">
<p class="hint" id="password-hint">At least ${PASSWORD_MIN_LENGTH} characters.</p>
${passwordMeterHtml(options.siteWords)}
<button type="submit">Create account and sign in</button>
</form>`;
}
