import type { PublicDemographicField, SaveDraftRequest } from '@msp/shared/browser';
import { demographicPayload } from './demographicForm.js';
import type { Answers } from './flow-state.js';

/** Shaped like an address; the server judges it for good. */
export const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The address the demographic step has so far (its email field's), or '' when none looks like one. */
export function draftEmail(
  fields: readonly PublicDemographicField[],
  demographics: Readonly<Record<string, string>>,
): string {
  const field = fields.find((candidate) => candidate.fieldType === 'email');
  const value = field ? (demographics[field.identifier]?.trim() ?? '') : '';
  return LOOKS_LIKE_EMAIL.test(value) ? value : '';
}

/**
 * What "Continue later" saves: the active fields' values typed so far and the answers to the
 * questions on screen (a draft's answer to a question since removed is left behind).
 */
export function savedDraftBody(
  fields: readonly PublicDemographicField[],
  demographics: Readonly<Record<string, string>>,
  answers: Answers,
): Pick<SaveDraftRequest, 'demographics' | 'answers'> {
  return {
    demographics: demographicPayload(fields, demographics),
    answers: Object.fromEntries(Object.entries(answers).map(([id, answerId]) => [String(id), answerId])),
  };
}
