import { LanguageQuery } from '../common.js';
import { z } from 'zod';
import { defineRoute } from '../route.js';
import { pillarEndpoints } from './endpoints.js';
import { DeletedResponse, IdParams } from '../common.js';
import { Pillar, PillarInput, PublicPillar } from './schemas.js';

/** Routes of the pillars, for every audience. */
export const pillarRoutes = {
  listPillars: defineRoute(pillarEndpoints.listPillars, {
    query: LanguageQuery,
    summary: 'Active pillars in display order',
    response: z.array(PublicPillar),
  }),
  listAdminPillars: defineRoute(pillarEndpoints.listAdminPillars, {
    summary: 'Every pillar, active or not, in order',
    response: z.array(Pillar),
  }),
  createPillar: defineRoute(pillarEndpoints.createPillar, {
    summary: 'Creates a pillar',
    body: PillarInput,
    response: Pillar,
    successStatus: 201,
  }),
  updatePillar: defineRoute(pillarEndpoints.updatePillar, {
    summary: 'Replaces a pillar',
    params: IdParams,
    body: PillarInput,
    response: Pillar,
  }),
  deletePillar: defineRoute(pillarEndpoints.deletePillar, {
    summary:
      "Deletes a pillar, its matrix cells and every answer's points for it; its questions lose their pillar",
    params: IdParams,
    response: DeletedResponse,
  }),
  v1ListPillars: defineRoute(pillarEndpoints.v1ListPillars, {
    summary: 'Every pillar of the model, active or not, in display order',
    response: z.array(Pillar),
    examples: {
      response: [
        {
          id: 1,
          key: 'expertise',
          name: 'Expertise',
          description: 'Skills and knowledge of automation',
          order: 1,
          isActive: true,
        },
      ],
    },
  }),
};
