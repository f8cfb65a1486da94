import type { Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import { authPages, emailProblem } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import type { UserRow } from '../../db/tables.js';
import { accountWords, hashPassword, passwordProblem } from '../../domain/passwords.js';
import { auditWriter } from '../../http/audit-trail.js';
import { messageBody, renderPage } from '../../http/pages.js';
import { passwordMeterUrl } from '../../http/password-meter.js';
import { pageRoute } from '../../http/route-adapter.js';
import { upsertLocalAdmin } from '../users/users-service.js';
import { setupBody } from './pages.js';
import { consumeSetupToken, setupTokenIsUsable } from './setup-link.js';

/**
 * The one-time founder setup link's page and form: while no administrator exists, the link the
 * server prints creates the founder account and signs it in (with the sign-in pages' `signIn`).
 */
export function founderSetupRoutes(
  { db, config }: Pick<AppContext, 'db' | 'config'>,
  signIn: (
    request: Request,
    h: ResponseToolkit,
    user: UserRow,
  ) => Promise<ReturnType<ResponseToolkit['redirect']>>,
): ServerRoute[] {
  return [
    pageRoute(authPages.setupPage, async ({ query: { token }, request, h }) => {
      if (!(await setupTokenIsUsable(db, token))) {
        return renderPage(h, {
          title: 'Setup link not valid',
          productName: config.productName,
          status: 410,
          body: messageBody(
            'This setup link is no longer valid',
            'The founder account already exists, or the link has expired or been used. Restart the server to print a new link while no administrator exists, or sign in.',
            { href: '/api/login', label: 'Sign in' },
          ),
        });
      }
      return renderPage(h, {
        title: 'Create the founder account',
        productName: config.productName,
        body: setupBody({
          crumb: request.plugins.crumb ?? '',
          siteWords: accountWords({}, config),
          token,
          founderEmail: config.founderEmail,
        }),
        scripts: [passwordMeterUrl()],
      });
    }),
    pageRoute(authPages.completeSetup, async ({ body: form, request, h }) => {
      const email = config.founderEmail ?? form.email;
      const again = (error: string, status = 400) =>
        renderPage(h, {
          title: 'Create the founder account',
          productName: config.productName,
          status,
          scripts: [passwordMeterUrl()],
          body: setupBody({
            crumb: request.plugins.crumb ?? '',
            siteWords: accountWords({}, config),
            token: form.token,
            founderEmail: config.founderEmail,
            values: form,
            error,
          }),
        });
      if (!(await setupTokenIsUsable(db, form.token)))
        return again('This setup link is no longer valid.', 410);
      const badEmail = emailProblem(email);
      if (badEmail) return again(badEmail);
      const weak = await passwordProblem(form.password, {
        userInputs: accountWords({ email, firstName: form.firstName, lastName: form.lastName }, config),
      });
      if (weak) return again(weak);
      const passwordHash = await hashPassword(form.password);
      if (!(await consumeSetupToken(db, form.token)))
        return again('This setup link is no longer valid.', 410);
      const user = await upsertLocalAdmin(
        db,
        {
          email,
          passwordHash,
          firstName: form.firstName || null,
          lastName: form.lastName || null,
          isFounder: true,
        },
        auditWriter(request),
      );
      return signIn(request, h, user);
    }),
  ];
}
