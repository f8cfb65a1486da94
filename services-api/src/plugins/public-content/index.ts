import type { Plugin } from '@hapi/hapi';
import {
  configRoutes,
  demographicFieldRoutes,
  pillarRoutes,
  matrixRoutes,
  type PublicConfig,
  questionRoutes,
} from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import type { Config } from '../../config.js';
import { contractRoute, JsonText } from '../../http/route-adapter.js';

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
  register(server, { config, content, cache }) {
    const extras = { validateResponses: config.validateResponses };
    // The cache keeps the serialized text too, cleared with everything else on a content change.
    const cachedJson = (key: string, load: () => Promise<unknown>) =>
      cache.get(`json:${key}`, async () => new JsonText(JSON.stringify(await load())));
    server.route([
      contractRoute(configRoutes.getConfig, () => publicConfigOf(config), extras),
      contractRoute(pillarRoutes.listPillars, () => cachedJson('pillars', content.pillars), extras),
      contractRoute(
        demographicFieldRoutes.listDemographicFields,
        () => cachedJson('demographic-fields', content.demographicFields),
        extras,
      ),
      contractRoute(
        questionRoutes.listAssessmentQuestions,
        () => cachedJson('public-questions', content.publicQuestions),
        extras,
      ),
      contractRoute(
        matrixRoutes.listMatrixCells,
        () => cachedJson('matrix-cells', content.matrixCells),
        extras,
      ),
    ]);
  },
};
