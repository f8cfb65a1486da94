import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { Analyst } from './analyst.js';
import { BuiltinAnalyst } from './builtin-analyst.js';
import { withFallback } from './fallback-analyst.js';
import { OpenAIAnalyst } from './openai-analyst.js';

export type { AnalysisInput, AnalysisOutcome, Analyst } from './analyst.js';
export { BuiltinAnalyst } from './builtin-analyst.js';
export { withFallback } from './fallback-analyst.js';
export { ModelAnalysisError, OpenAIAnalyst, type OpenAIAnalystOptions } from './openai-analyst.js';

/**
 * The server's analyst: the configured model, with the built-in analyst writing whenever the model
 * fails; the built-in analyst alone when no model is configured.
 */
export function createAnalyst(config: Pick<Config, 'openai'>, logger: Logger): Analyst {
  if (!config.openai) return new BuiltinAnalyst();
  const { apiKey, baseUrl, model } = config.openai;
  return withFallback(new OpenAIAnalyst({ apiKey, baseUrl, model }), new BuiltinAnalyst(), logger);
}
