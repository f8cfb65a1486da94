import type { Request, ResponseToolkit, Server, ServerRoute } from '@hapi/hapi';
import { emailProblem, invitePages } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { clientAddress } from '../../http/client-address.js';
import { renderPage } from '../../http/pages.js';
import { consumeAllowance, retryAfterSeconds } from '../../http/rate-limit.js';
import { pageRoute } from '../../http/route-adapter.js';
import { enqueueJob } from '../../jobs/job-store.js';
import { passwordResetJob } from './forgot-password.js';
import { askAdministratorBody, forgotPasswordBody, resetRequestedBody } from './invite-pages.js';

/**
 * Forgot password requests: a person who mistyped tries again a few times; more from one address
 * is someone filling mailboxes. Each address typed has its own smaller budget, counted whether or
 * not it has an account, so the limit says nothing about which addresses exist.
 */
const RESETS_PER_CLIENT = 10;
const RESETS_PER_EMAIL = 3;
const RESET_WINDOW_SECONDS = 60 * 60;

/**
 * Forgot password, the sign-in page's way to a reset link by email: its page, and the form that
 * queues the email (rate-limited per address and per typed email). Without email set up, the page
 * says whom to ask instead.
 */
export function forgotPasswordRoutes(
  server: Server,
  { db, config, jobs, limits }: Pick<AppContext, 'db' | 'config' | 'jobs' | 'limits'>,
  sendEmail: boolean,
): ServerRoute[] {
  const resetsPerClient = limits.limiter({
    keyPrefix: 'reset-client',
    points: RESETS_PER_CLIENT,
    duration: RESET_WINDOW_SECONDS,
  });
  const resetsPerEmail = limits.limiter({
    keyPrefix: 'reset-email',
    points: RESETS_PER_EMAIL,
    duration: RESET_WINDOW_SECONDS,
  });
  /** How long until this client may ask for a link to this address, or null when it may now. */
  const resetWait = async (request: Request, email: string): Promise<number | null> =>
    (await consumeAllowance(resetsPerClient, clientAddress(request))) ??
    (await consumeAllowance(resetsPerEmail, email));

  const forgotPage = (
    request: Request,
    h: ResponseToolkit,
    options: { email?: string; error?: string; status?: number } = {},
  ) =>
    renderPage(h, {
      title: 'Forgot password',
      productName: config.productName,
      status: options.status,
      body: sendEmail
        ? forgotPasswordBody({
            crumb: request.plugins.crumb ?? '',
            email: options.email,
            error: options.error,
            ssoLabel: server.app.ssoLabel,
          })
        : askAdministratorBody(),
    });

  return [
    pageRoute(invitePages.forgotPasswordPage, ({ request, h }) => forgotPage(request, h)),
    pageRoute(invitePages.requestPasswordReset, async ({ body: { email }, request, h }) => {
      // Without email nobody can be sent a link: the page says whom to ask, and nothing is kept.
      if (!sendEmail) return forgotPage(request, h);
      const badEmail = emailProblem(email);
      if (badEmail) return forgotPage(request, h, { email, status: 400, error: badEmail });
      const waitMs = await resetWait(request, email);
      if (waitMs !== null) {
        const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
        return forgotPage(request, h, {
          email,
          status: 429,
          error: `Too many reset requests. Please wait ${minutes === 1 ? '1 minute' : `${minutes} minutes`} and try again.`,
        }).header('Retry-After', retryAfterSeconds(waitMs));
      }
      // The same work for every address: the job decides whether there is anyone to email.
      await enqueueJob(db, passwordResetJob(email));
      jobs.nudge();
      return renderPage(h, {
        title: 'Check your email',
        productName: config.productName,
        body: resetRequestedBody(email),
      });
    }),
  ];
}
