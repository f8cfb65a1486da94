import type { Request } from '@hapi/hapi';
import type { Executor } from '../../db/knex.js';
import { findUserById } from '../../db/tables.js';
import { requestActor } from '../../http/audit-trail.js';
import { displayName, type LeadActor } from './leads-service.js';

/** Who is asking, as the lead desk knows them (without their name): for whose notes they may correct. */
export function leadViewerOf(request: Request): LeadActor | null {
  const actor = requestActor(request);
  if (!actor || actor.id === null || (actor.kind !== 'user' && actor.kind !== 'api_key')) return null;
  return { kind: actor.kind, id: actor.id, name: actor.name };
}

/** Who is working the lead: the signed-in administrator by their name, or the API key by its own. */
export async function leadActorOf(db: Executor, request: Request): Promise<LeadActor> {
  const actor = leadViewerOf(request);
  if (!actor) throw new Error('A lead was changed without anyone who did it');
  if (actor.kind === 'api_key') return actor;
  const user = await findUserById(db, actor.id);
  return { ...actor, name: user ? displayName(user) : actor.name };
}
