import type { Plugin } from '@hapi/hapi';
import { publicRoutes, type PublicConfig } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import type { Config } from '../../config.js';
import { contractRoute } from '../../http/route-adapter.js';

export function publicConfigOf(config: Config): PublicConfig {
  return {
    productName: config.productName,
    providerName: config.providerName,
    providerUrl: config.providerUrl,
    privacyUrl: config.privacyUrl,
    termsUrl: config.termsUrl,
    aboutUrl: config.aboutUrl,
    impactUrl: config.impactUrl,
  };
}

/** Read-only content every visitor sees: pillars, questions, demographic fields, the matrix. */
export const publicContentPlugin: Plugin<AppContext> = {
  name: 'public-content',
  register(server, { config, content }) {
    const extras = { validateResponses: config.validateResponses };
    server.route([
      contractRoute(publicRoutes.getConfig, () => publicConfigOf(config), extras),
      contractRoute(publicRoutes.listPillars, () => content.pillars(), extras),
      contractRoute(publicRoutes.listDemographicFields, () => content.demographicFields(), extras),
      contractRoute(publicRoutes.listAssessmentQuestions, () => content.publicQuestions(), extras),
      contractRoute(publicRoutes.listMatrixCells, () => content.matrixCells(), extras),
    ]);
  },
};
