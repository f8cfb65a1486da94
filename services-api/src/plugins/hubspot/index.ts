import Boom from '@hapi/boom';
import type { Plugin } from '@hapi/hapi';
import { hubspotRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { auditWriter } from '../../http/audit-trail.js';
import { contractRoute } from '../../http/route-adapter.js';
import type { NewJob } from '../../jobs/job-store.js';
import { cookieSecret } from '../auth/app-secrets.js';
import { publicContent } from '../content/public-content.js';
import { HubSpotError } from './hubspot-client.js';
import { HubSpotService } from './hubspot-service.js';
import { HUBSPOT_CHANNEL } from './hubspot-store.js';
import { hubspotSyncHandler } from './hubspot-sync.js';
import { createSecretBox } from '../../domain/secret-box.js';
import { SyncSwitch } from './sync-queue.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    /** What HubSpot lends the submit, which sits below it: the jobs a new submission queues for it. */
    hubspot?: { newSubmissionJobs: (submissionId: string) => NewJob[] };
  }
}

/**
 * HubSpot's refusal of a call an admin made, as an answer: a token it no longer takes is a conflict
 * with what is stored (never a 401, which would sign the admin out); anything else is HubSpot
 * failing, a 502 in its own words.
 */
function answerOf(error: unknown): unknown {
  if (!(error instanceof HubSpotError)) return error;
  if (error.status === 401 || error.status === 403) {
    return Boom.conflict(
      `HubSpot refused the stored token: ${error.hubspotMessage} Connect again with a new token.`,
    );
  }
  return Boom.badGateway(error.message);
}

const answering = <T>(work: Promise<T>): Promise<T> =>
  work.catch((error: unknown) => {
    throw answerOf(error);
  });

/**
 * HubSpot (issue 41): the admin's connection to one HubSpot account and its field mapping, and the
 * `hubspot_sync` jobs that upsert leads as contacts: queued with each new submission (the outbox)
 * and each status change while sync is on, and by a sync of every submission an admin starts.
 */
export const hubspotPlugin: Plugin<AppContext> = {
  name: 'hubspot',
  dependencies: ['auth'],
  async register(server, { db, cache, config, jobs, changes, logger }) {
    // A key of its own, derived from the session cookie's secret: nothing more to configure.
    const box = createSecretBox(await cookieSecret(db, config.sessionSecret, logger), 'hubspot-token');
    const syncSwitch = new SyncSwitch(db, logger);
    await syncSwitch.refresh();
    changes.on(HUBSPOT_CHANNEL, () => void syncSwitch.refresh());
    server.expose('newSubmissionJobs', (submissionId: string) => syncSwitch.jobsFor(submissionId));

    const service = new HubSpotService({
      db,
      config,
      content: publicContent(db, cache),
      box,
      logger,
      changed: () => syncSwitch.refresh(),
      nudge: () => jobs.nudge(),
    });
    jobs.handle(
      'hubspot_sync',
      hubspotSyncHandler({
        db,
        service,
        publicUrl: config.publicUrl,
        nudge: () => jobs.nudge(),
        sliceMs: config.hubspot.backfillSliceMs,
      }),
    );

    server.route([
      contractRoute(hubspotRoutes.getHubSpot, () => service.status()),
      contractRoute(hubspotRoutes.connectHubSpot, ({ body, request }) =>
        answering(
          service.connect(body.accessToken, request.auth.credentials.user?.id ?? null, auditWriter(request)),
        ),
      ),
      contractRoute(hubspotRoutes.disconnectHubSpot, ({ request }) =>
        service.disconnect(auditWriter(request)),
      ),
      contractRoute(hubspotRoutes.listHubSpotProperties, () => answering(service.listProperties())),
      contractRoute(hubspotRoutes.createHubSpotProperties, ({ request }) =>
        answering(service.createProperties(auditWriter(request))),
      ),
      contractRoute(hubspotRoutes.saveHubSpotMapping, ({ body, request }) =>
        answering(service.saveMapping(body.mapping, auditWriter(request))),
      ),
      contractRoute(hubspotRoutes.setHubSpotSync, ({ body, request }) =>
        service.setSync(body.enabled, auditWriter(request)),
      ),
      contractRoute(hubspotRoutes.startHubSpotBackfill, ({ request }) =>
        service.startBackfill(auditWriter(request)),
      ),
    ]);
  },
};
