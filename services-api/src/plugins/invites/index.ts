import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import { invitePages, inviteRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { clientAddress } from '../../http/client-address.js';
import { consumeAllowance } from '../../http/rate-limit.js';
import { auditWriter } from '../../http/audit-trail.js';
import { contractRoute, pageRoute } from '../../http/route-adapter.js';
import { messageBody, renderPage } from '../../http/pages.js';
import { accountWords, hashPassword, passwordProblem } from '../../domain/passwords.js';
import { passwordMeterUrl } from '../../http/password-meter.js';
import { requestLogger } from '../../http/request-logger.js';
import type { UserRow } from '../../db/tables.js';
import { inviteEmailHandler } from './invite-email.js';
import { passwordResetHandler } from './forgot-password.js';
import { forgotPasswordRoutes } from './forgot-password-routes.js';
import { inviteBody, inviteTitle, unusableBody, UNUSABLE_TEXT } from './invite-pages.js';
import { acceptInvite, findInvite, inviteExistingUser, type UnusableInvite } from './invites-service.js';

/** Password attempts one client address may make on invite links in 15 minutes. */
const ATTEMPTS_PER_WINDOW = 20;
const WINDOW_SECONDS = 15 * 60;
/**
 * Invite and password-reset links: the admin's "new link" call, Forgot password (the sign-in page's
 * way to a reset link by email), and the server-rendered page where the link's holder sets a
 * password and is signed in (as the founder setup page does). Creating a user makes the first link
 * (users plugin).
 */
export const invitesPlugin: Plugin<AppContext> = {
  name: 'invites',
  dependencies: ['auth'],
  register(server, { db, config, jobs, limits, mailer, logger }) {
    jobs.handle(
      'invite_email',
      inviteEmailHandler({
        db,
        mailer,
        publicUrl: config.publicUrl,
        productName: config.productName,
        logger,
      }),
    );
    jobs.handle(
      'password_reset',
      passwordResetHandler({
        db,
        mailer,
        publicUrl: config.publicUrl,
        productName: config.productName,
        logger,
        nudge: () => jobs.nudge(),
      }),
    );
    const sendEmail = config.mail.smtpUrl !== undefined;
    // In the limiter store, like the sign-in limits: one count for all instances on PostgreSQL.
    const attempts = limits.limiter({
      keyPrefix: 'invite-client',
      points: ATTEMPTS_PER_WINDOW,
      duration: WINDOW_SECONDS,
    });
    const allowAttempt = async (request: Request): Promise<boolean> =>
      (await consumeAllowance(attempts, clientAddress(request))) === null;

    /** What the user's new password may not be built from; the page's meter judges with the same. */
    const wordsOf = (user: UserRow) =>
      accountWords({ email: user.email, firstName: user.first_name, lastName: user.last_name }, config);

    const unusable = (h: ResponseToolkit, reason: UnusableInvite) =>
      renderPage(h, {
        title: UNUSABLE_TEXT[reason].title,
        productName: config.productName,
        status: 410,
        body: unusableBody(reason),
      });

    server.route([
      contractRoute(
        inviteRoutes.inviteUser,
        async ({ params, request }) => {
          const invite = await inviteExistingUser(
            db,
            params.userId,
            {
              createdBy: request.auth.credentials.user!.id,
              publicUrl: config.publicUrl,
              email: sendEmail,
            },
            auditWriter(request, { targetId: params.userId }),
          );
          if (sendEmail) jobs.nudge();
          return invite;
        },
        {},
      ),
      pageRoute(invitePages.invitePage, async ({ query: { token }, request, h }) => {
        const found = await findInvite(db, token);
        if (!found.usable) return unusable(h, found.reason);
        return renderPage(h, {
          title: inviteTitle(found.invite.purpose),
          productName: config.productName,
          scripts: [passwordMeterUrl()],
          body: inviteBody({
            crumb: request.plugins.crumb ?? '',
            token,
            email: found.user.email,
            purpose: found.invite.purpose,
            accountWords: wordsOf(found.user),
          }),
        });
      }),
      pageRoute(invitePages.acceptInvite, async ({ body: { token, password }, request, h }) => {
        if (!(await allowAttempt(request))) {
          return renderPage(h, {
            title: 'Too many attempts',
            productName: config.productName,
            status: 429,
            body: messageBody(
              'Too many attempts',
              'Too many password attempts from this address. Please wait 15 minutes and try again.',
            ),
          });
        }
        const found = await findInvite(db, token);
        if (!found.usable) return unusable(h, found.reason);
        const { user } = found;
        const weak = await passwordProblem(password, { userInputs: wordsOf(user) });
        if (weak) {
          return renderPage(h, {
            title: inviteTitle(found.invite.purpose),
            productName: config.productName,
            status: 400,
            scripts: [passwordMeterUrl()],
            body: inviteBody({
              crumb: request.plugins.crumb ?? '',
              token,
              email: user.email,
              purpose: found.invite.purpose,
              accountWords: wordsOf(user),
              error: weak,
            }),
          });
        }
        const accepted = await acceptInvite(db, token, await hashPassword(password), auditWriter(request));
        if ('reason' in accepted) return unusable(h, accepted.reason);
        requestLogger(request).info({ userId: accepted.user.id }, 'Password set through an invite link');
        return server.app.signIn!.signIn(request, h, accepted.user);
      }),
      ...forgotPasswordRoutes(server, { db, config, jobs, limits }, sendEmail),
    ]);
  },
};
