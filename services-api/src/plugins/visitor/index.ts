import type { Plugin, Request } from '@hapi/hapi';
import { visitorRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { clientAddress } from '../../http/client-address.js';
import { consumeAllowance, tooManyRequests } from '../../http/rate-limit.js';
import { contractRoute, PERSONAL_DATA, VISITOR_STRATEGY } from '../../http/route-adapter.js';
import { enqueueJob } from '../../jobs/job-store.js';
import { cookieSecret } from '../auth/app-secrets.js';
import { cookieName } from '../auth/session.js';
import { readLanguageTexts } from '../languages/languages-service.js';
import { readVisitorHistory } from './history.js';
import { visitorSignInHandler, visitorSignInJob } from './sign-in-link.js';
import { VISITOR_SESSION_IDLE_MS, VisitorSessions } from '../../db/visitor-sessions.js';
import { InvalidFieldError } from '../../domain/errors.js';
import { auditWriter } from '../../http/audit-trail.js';
import { deletePersonalData } from '../personal-data/personal-data-service.js';

/** The visitor session's cookie on plain http; on https it carries the `__Host-` prefix. */
export const VISITOR_COOKIE = 'msp_visitor';

/**
 * Sign-in links asked for: a person who mistyped tries again a few times; more from one client is
 * someone filling mailboxes. Each address (or results page) has its own smaller budget, counted
 * whether or not it has taken the assessment, so the limit says nothing about which addresses have.
 */
const LINKS_PER_CLIENT = 10;
const LINKS_PER_ADDRESS = 3;
const LINK_WINDOW_SECONDS = 60 * 60;

/** Who the audit trail says erased a person's data from "Your assessments": the person. */
const OWN_ERASURE = { kind: 'visitor', id: null, name: 'The person, from "Your assessments"' } as const;

const TOO_MANY_LINKS = 'Too many sign-in links asked for. Please try again later.';

interface VisitorCookie {
  sid: string;
}

declare module '@hapi/hapi' {
  interface AuthCredentials {
    /** Set by the visitor strategy: the verified address. */
    visitor?: { email: string };
  }
  interface Request {
    /** The visitor strategy's own handle on its cookie (the admin's is `cookieAuth`). */
    visitorCookieAuth: Request['cookieAuth'];
  }
}

/**
 * The verified visitor (issue 39): a sign-in link emailed to an address that has taken the
 * assessment, the session it starts (its own cookie and strategy: it opens the `visitor` routes
 * only, and an admin's session never opens them), the visitor's history, and signing out.
 */
export const visitorPlugin: Plugin<AppContext> = {
  name: 'visitor',
  dependencies: ['auth'],
  async register(server, { db, cache, config, jobs, limits, mailer, logger, reports }) {
    const sessions = new VisitorSessions(db);
    const cookie = cookieName(VISITOR_COOKIE, config.secureCookies);
    server.auth.strategy(VISITOR_STRATEGY, 'cookie', {
      cookie: {
        name: cookie,
        password: await cookieSecret(db, config.sessionSecret, logger),
        isSecure: config.secureCookies,
        isHttpOnly: true,
        isSameSite: 'Lax',
        path: '/',
        ttl: VISITOR_SESSION_IDLE_MS,
        // As the admin's: an outage must not sign every visitor out; cleared when known ended.
        clearInvalid: false,
      },
      // The admin's strategy has `request.cookieAuth`; each scheme instance needs its own name.
      requestDecoratorName: 'visitorCookieAuth',
      // The cookie lives as long as the session may: 30 days from the last visit.
      keepAlive: true,
      validate: async (request: Request, session: VisitorCookie) => {
        const record = await sessions.validate(session?.sid);
        if (!record) {
          request.visitorCookieAuth.clear();
          return { isValid: false };
        }
        return {
          isValid: true,
          credentials: { visitor: { email: record.email }, sessionHash: record.idHash },
        };
      },
    });
    jobs.handle(
      'visitor_sign_in',
      visitorSignInHandler({
        db,
        cache,
        mailer,
        sessions,
        publicUrl: config.publicUrl,
        productName: config.productName,
        logger,
      }),
    );
    const pruneTimer = setInterval(() => void sessions.prune().catch(() => undefined), 60 * 60 * 1000);
    pruneTimer.unref();
    server.events.on('stop', () => clearInterval(pruneTimer));

    const perClient = limits.limiter({
      keyPrefix: 'visitor-link-client',
      points: LINKS_PER_CLIENT,
      duration: LINK_WINDOW_SECONDS,
    });
    const perAddress = limits.limiter({
      keyPrefix: 'visitor-link-address',
      points: LINKS_PER_ADDRESS,
      duration: LINK_WINDOW_SECONDS,
    });

    server.route([
      contractRoute(visitorRoutes.requestVisitorLink, async ({ body, request }) => {
        const address = body.email ?? `submission:${body.submissionId}`;
        const waitMs =
          (await consumeAllowance(perClient, clientAddress(request))) ??
          (await consumeAllowance(perAddress, address));
        if (waitMs !== null) throw tooManyRequests(TOO_MANY_LINKS, waitMs);
        // The same work for every address: the job decides whether there is anyone to email.
        await enqueueJob(
          db,
          visitorSignInJob({
            ...(body.email !== undefined && { email: body.email }),
            ...(body.submissionId !== undefined && { submissionId: body.submissionId }),
            ...(body.lang !== undefined && { lang: body.lang }),
          }),
        );
        jobs.nudge();
        return { accepted: true as const };
      }),
      contractRoute(
        visitorRoutes.startVisitorSession,
        async ({ body, request, h }) => {
          const started = await sessions.spendLink(body.token);
          if (!started)
            throw new InvalidFieldError('token', 'this sign-in link has expired or was already used');
          // A session this browser held before (another address's, or its own) ends with the new one.
          await sessions.endByCookie((request.state[cookie] as VisitorCookie | undefined)?.sid);
          h.state(cookie, { sid: started.sid } satisfies VisitorCookie);
          return { email: started.email };
        },
        { options: PERSONAL_DATA },
      ),
      contractRoute(
        visitorRoutes.endVisitorSession,
        async ({ request, h }) => {
          const hash = request.auth.credentials.sessionHash;
          if (hash) await sessions.end(hash);
          h.unstate(cookie);
          return { signedOut: true as const };
        },
        { options: PERSONAL_DATA },
      ),
      contractRoute(
        visitorRoutes.deleteVisitorHistory,
        async ({ request, h }) => {
          // The admin's erasure, asked by the person it is about: the trail keeps their domain, not
          // their address, as for the admin's.
          const { deleted } = await deletePersonalData(
            db,
            { mailer, reports },
            request.auth.credentials.visitor!.email,
            auditWriter(request, { actor: OWN_ERASURE }),
          );
          // Its sessions went with the data; the cookie goes too.
          h.unstate(cookie);
          return { deleted };
        },
        { options: PERSONAL_DATA },
      ),
      contractRoute(
        visitorRoutes.getVisitorHistory,
        async ({ query, request }) => {
          const texts = await readLanguageTexts(db, cache, query.lang);
          return readVisitorHistory(db, request.auth.credentials.visitor!.email, texts);
        },
        { options: PERSONAL_DATA },
      ),
    ]);
  },
};
