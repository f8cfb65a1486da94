import type { Plugin } from '@hapi/hapi';
import { draftRoutes, negotiateLanguage } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { clientAddress } from '../../http/client-address.js';
import { consumeAllowance, tooManyRequests } from '../../http/rate-limit.js';
import { contractRoute, PERSONAL_DATA } from '../../http/route-adapter.js';
import { publicContent } from '../content/public-content.js';
import { adminDraftRoutes } from './admin-routes.js';
import { draftLinkHandler, draftLinkJob } from './draft-link.js';
import { checkDraft, resumeDraft, saveDraft } from './draft-service.js';

/**
 * Saves asked for: a visitor presses "Continue later" a few times in one sitting, from one
 * address; more is someone filling mailboxes. Each address has its own smaller budget.
 */
const SAVES_PER_CLIENT = 10;
const SAVES_PER_ADDRESS = 5;
const SAVE_WINDOW_SECONDS = 60 * 60;

const TOO_MANY_SAVES = 'Too many links to a saved assessment asked for. Please try again later.';

/**
 * "Continue later" (issue 39): the visitor's unfinished assessment saved under their address, the
 * email with the link to it, and the link resuming it on any device. The draft goes when it is
 * submitted (in the submit's own statement), erased with the address's personal data, or after
 * DRAFT_RETENTION_DAYS without a save (the daily retention run). The operator lists them ("In
 * progress") and exports them as CSV; integrators list them with a key.
 */
export const draftsPlugin: Plugin<AppContext> = {
  name: 'drafts',
  register(server, { db, cache, config, jobs, limits, mailer, logger }) {
    const content = publicContent(db, cache);
    jobs.handle(
      'draft_link',
      draftLinkHandler({
        db,
        cache,
        mailer,
        publicUrl: config.publicUrl,
        productName: config.productName,
        logger,
      }),
    );
    const perClient = limits.limiter({
      keyPrefix: 'draft-link-client',
      points: SAVES_PER_CLIENT,
      duration: SAVE_WINDOW_SECONDS,
    });
    const perAddress = limits.limiter({
      keyPrefix: 'draft-link-address',
      points: SAVES_PER_ADDRESS,
      duration: SAVE_WINDOW_SECONDS,
    });

    server.route([
      contractRoute(
        draftRoutes.saveAssessmentDraft,
        async ({ body, request }) => {
          const [questions, demographicFields, current, languages] = await Promise.all([
            content.scorableQuestions(),
            content.demographicFields(),
            content.consentStatement(),
            content.languages(),
          ]);
          const language = negotiateLanguage(
            { query: body.language },
            languages.tags,
            languages.defaultLanguage,
          );
          const draft = await checkDraft(
            {
              questions,
              demographicFields,
              isConsentStatement: async (id) =>
                id === current?.id || (await content.pastConsentStatement(id)) !== null,
            },
            body,
            language,
          );
          // Counted once the draft is known good: a mistyped body costs no allowance.
          const waitMs =
            (await consumeAllowance(perClient, clientAddress(request))) ??
            (await consumeAllowance(perAddress, draft.email));
          if (waitMs !== null) throw tooManyRequests(TOO_MANY_SAVES, waitMs);
          await saveDraft(db, draft, draftLinkJob());
          jobs.nudge();
          return { accepted: true as const };
        },
        { payloadMaxBytes: 64 * 1024 },
      ),
      contractRoute(draftRoutes.resumeAssessmentDraft, ({ body }) => resumeDraft(db, body.token), {
        options: PERSONAL_DATA,
      }),
      ...adminDraftRoutes({ db }),
    ]);
  },
};
