import { z } from 'zod';
import { LanguageQuery } from '../common.js';
import { defineRoute } from '../route.js';
import { visitorEndpoints } from './endpoints.js';
import {
  VisitorHistory,
  VisitorHistoryDeleted,
  VisitorLinkRequest,
  VisitorLinkResponse,
  VisitorSessionRequest,
  VisitorSessionResponse,
} from './schemas.js';

const SignedOut = z.object({ signedOut: z.literal(true) });

/** The verified visitor's routes. */
export const visitorRoutes = {
  requestVisitorLink: defineRoute(visitorEndpoints.requestVisitorLink, {
    summary:
      'Emails a single-use sign-in link to an address that has taken the assessment; answers the same for any address',
    body: VisitorLinkRequest,
    response: VisitorLinkResponse,
    successStatus: 202,
  }),
  startVisitorSession: defineRoute(visitorEndpoints.startVisitorSession, {
    summary: 'Spends a sign-in link and starts a visitor session in its own cookie',
    body: VisitorSessionRequest,
    response: VisitorSessionResponse,
  }),
  endVisitorSession: defineRoute(visitorEndpoints.endVisitorSession, {
    summary: 'Signs the visitor out',
    response: SignedOut,
  }),
  deleteVisitorHistory: defineRoute(visitorEndpoints.deleteVisitorHistory, {
    summary:
      "Erases everything stored under the signed-in visitor's address, as the admin's erasure does, and signs them out",
    response: VisitorHistoryDeleted,
  }),
  getVisitorHistory: defineRoute(visitorEndpoints.getVisitorHistory, {
    query: LanguageQuery,
    summary: "The signed-in visitor's assessments, newest first, each with its change since the one before",
    response: VisitorHistory,
  }),
};
