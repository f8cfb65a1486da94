import type { Logger } from '../logger.js';
import type { AnalysisInput, AnalysisOutcome, Analyst } from './analyst.js';
import { ModelAnalysisError } from './openai-analyst.js';

const LOGGED_MESSAGE_MAX = 300;

/**
 * The name and message of what went wrong, shortened. The error object itself is not logged: an
 * SDK error carries the response headers and body, which have no place in a log line.
 */
function describeCause(error: unknown): { name: string; message: string } | undefined {
  if (!(error instanceof Error)) return undefined;
  const message = error.message.replace(/\s+/g, ' ');
  return {
    // The SDK's errors keep the generic name; their class says which one it was.
    name: error.name === 'Error' ? error.constructor.name : error.name,
    message: message.length > LOGGED_MESSAGE_MAX ? `${message.slice(0, LOGGED_MESSAGE_MAX)}…` : message,
  };
}

/**
 * An analyst that never fails because of its primary: when `primary` throws (timeout, HTTP or
 * connection error, refusal, unusable answer), `fallback` writes the analysis, the outcome keeps
 * the fallback's `source` and says why in `fallbackReason`, and a warn line is logged with the
 * reason only (no prompt, answer, key or personal data).
 */
export function withFallback(
  primary: Analyst & { readonly source?: string },
  fallback: Analyst,
  logger: Logger,
): Analyst {
  return {
    async analyze(input: AnalysisInput): Promise<AnalysisOutcome> {
      try {
        return await primary.analyze(input);
      } catch (error) {
        const reason = error instanceof ModelAnalysisError ? error.reason : 'model analysis failed';
        const cause = error instanceof ModelAnalysisError ? error.cause : error;
        const outcome = await fallback.analyze(input);
        logger.warn(
          { analyst: primary.source, fallbackReason: reason, cause: describeCause(cause) },
          `Analysis written by the ${outcome.source} analyst instead: ${reason}`,
        );
        return { ...outcome, fallbackReason: reason };
      }
    },
  };
}
