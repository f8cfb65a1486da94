import type { Plugin, Request } from '@hapi/hapi';
import { leadRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { auditWriter } from '../../http/audit-trail.js';
import { leadActorOf } from './lead-actor.js';
import { contractRoute } from '../../http/route-adapter.js';
import { listLeadStatuses, saveLeadStatuses } from './lead-statuses.js';
import { type LeadChangeContext, listLeadOwners, updateLead, updateLeads } from './leads-service.js';
import { addLeadNote, editLeadNote } from './lead-notes.js';

/**
 * The lead desk (issue 41): each submission's status, owner, next step and notes, for the
 * administrators and the key API alike; the admin-editable statuses. Every change is audited and
 * sent as a signed `submission.updated` when webhooks are on.
 */
export const leadsPlugin: Plugin<AppContext> = {
  name: 'leads',
  register(server, { db, config, jobs }) {
    const webhooksOn = config.webhook !== undefined;
    const contextOf = async (request: Request, targetId?: string): Promise<LeadChangeContext> => ({
      actor: await leadActorOf(db, request),
      audit: auditWriter(request, targetId === undefined ? {} : { targetId }),
      webhooksOn,
    });
    const nudged = <T>(value: T): T => {
      if (webhooksOn) jobs.nudge();
      return value;
    };
    server.route([
      contractRoute(leadRoutes.listLeadStatuses, () => listLeadStatuses(db)),
      contractRoute(leadRoutes.v1ListLeadStatuses, () => listLeadStatuses(db)),
      contractRoute(leadRoutes.saveLeadStatuses, ({ body, request }) =>
        saveLeadStatuses(db, body.statuses, auditWriter(request)),
      ),
      contractRoute(leadRoutes.listLeadOwners, () => listLeadOwners(db)),
      contractRoute(leadRoutes.updateLead, async ({ params, body, request }) =>
        nudged(await updateLead(db, params.id, body, await contextOf(request, params.id))),
      ),
      contractRoute(leadRoutes.v1UpdateLead, async ({ params, body, request }) =>
        nudged(await updateLead(db, params.id, body, await contextOf(request, params.id))),
      ),
      contractRoute(leadRoutes.updateLeads, async ({ body, request }) =>
        nudged(await updateLeads(db, body.submissionIds, body, await contextOf(request))),
      ),
      contractRoute(leadRoutes.addLeadNote, async ({ params, body, request }) =>
        nudged(await addLeadNote(db, params.id, body.text, await contextOf(request, params.id))),
      ),
      contractRoute(leadRoutes.v1AddLeadNote, async ({ params, body, request }) =>
        nudged(await addLeadNote(db, params.id, body.text, await contextOf(request, params.id))),
      ),
      contractRoute(leadRoutes.editLeadNote, async ({ params, body, request }) =>
        editLeadNote(db, params.id, params.noteId, body.text, await contextOf(request, params.id)),
      ),
    ]);
  },
};
