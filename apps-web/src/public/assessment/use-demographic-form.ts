import { zodResolver } from '@hookform/resolvers/zod';
import { validateDemographics, type ConsentStatement, type DemographicField } from '@msp/shared/browser';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useT } from '../../lib/i18n/i18n-context.js';
import { visitAttribution } from '../attribution/visit-attribution.js';
import {
  CONSENT_AGREED,
  CONSENT_INPUT_ID,
  CONSENT_NAME,
  demographicInputId,
  demographicProblems,
  demographicSchema,
  formName,
  fromFormValues,
  toFormValues,
  type DemographicFormValues,
} from './demographicForm.js';
import type { AssessmentDraft } from './draft.js';

/** Changes the saved draft from its previous value. */
export type UpdateDraft = (update: (previous: AssessmentDraft) => AssessmentDraft) => void;

/** What the step says when Next finds problems: read out once per press, the first one focused. */
export interface DemographicProblemsState {
  announcement: string;
  first: string;
  attempt: number;
}

/**
 * The first step's form, kept in step with the draft both ways: it starts from the draft's values
 * and every edit is written back. Submitting it valid moves the draft to the questions.
 */
export function useDemographicForm(
  fields: readonly DemographicField[],
  consent: ConsentStatement | null,
  draft: AssessmentDraft,
  setDraft: UpdateDraft,
  onValid: () => void,
) {
  // A tick counts for the statement it was given to: one the administrator has since replaced asks again.
  const consentTicked = consent !== null && draft.consentStatementId === consent.id;
  // The questions step is reachable only with valid demographics (and the consent ticked, when asked).
  const demographicsValid = useMemo(
    () =>
      Object.keys(validateDemographics(fields, draft.demographics)).length === 0 &&
      (consent === null || consentTicked),
    [fields, draft.demographics, consent, consentTicked],
  );
  const [problems, setProblems] = useState<DemographicProblemsState>();

  const askConsent = consent !== null;
  const t = useT();
  // Rebuilt on a switch of language, so the next Next words its messages in the new one.
  const schema = useMemo(() => demographicSchema(fields, askConsent, t), [fields, askConsent, t]);
  const formValuesOf = useCallback(
    (demographics: Readonly<Record<string, string>>, ticked: boolean): DemographicFormValues => ({
      ...toFormValues(fields, demographics),
      ...(askConsent ? { [CONSENT_NAME]: ticked ? CONSENT_AGREED : '' } : {}),
    }),
    [fields, askConsent],
  );
  const form = useForm<DemographicFormValues>({
    defaultValues: formValuesOf(draft.demographics, consentTicked),
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    // Errors appear on Next only and clear when the field is edited, never re-validate while typing.
    reValidateMode: 'onSubmit',
    // The step focuses the first field with a problem itself, once its message is rendered and
    // linked, so a screen reader reads the message with the field.
    shouldFocusError: false,
  });
  const values = useWatch({ control: form.control });
  const currentDemographics = useMemo(() => fromFormValues(fields, values), [fields, values]);

  // The draft keeps where its visit came from, once that visit brought anything.
  useEffect(() => {
    const attribution = visitAttribution();
    if (Object.values(attribution).every((value) => value === null)) return;
    setDraft((previous) => (previous.attribution ? previous : { ...previous, attribution }));
  }, [setDraft]);

  // Keep the draft in step with the form.
  useEffect(() => {
    const subscription = form.watch((latest) => {
      const demographics = fromFormValues(fields, latest);
      setDraft((previous) => ({
        ...previous,
        demographics: { ...previous.demographics, ...demographics },
        ...(consent
          ? { consentStatementId: latest[CONSENT_NAME] === CONSENT_AGREED ? consent.id : undefined }
          : {}),
      }));
    });
    return () => subscription.unsubscribe();
  }, [form, fields, consent, setDraft]);

  const submit = form.handleSubmit(
    (valid) => {
      setProblems(undefined);
      setDraft((previous) => ({
        ...previous,
        step: 'questions',
        demographics: { ...previous.demographics, ...fromFormValues(fields, valid) },
        ...(consent ? { consentStatementId: consent.id } : {}),
      }));
      onValid();
    },
    (errors) => {
      const messages = Object.fromEntries(
        fields.map((field) => [field.identifier, errors[formName(field.identifier)]?.message]),
      );
      const found = demographicProblems(t, fields, messages, errors[CONSENT_NAME]?.message);
      if (!found) return;
      setProblems((previous) => ({
        announcement: found.announcement,
        first: found.first ? demographicInputId(found.first.identifier) : CONSENT_INPUT_ID,
        attempt: (previous?.attempt ?? 0) + 1,
      }));
    },
  );

  /** Empties the form (its reset writes empty values into the draft) and forgets its problems. */
  const clear = () => {
    form.reset(formValuesOf({}, false));
    setProblems(undefined);
  };

  return {
    form,
    consentTicked,
    demographicsValid,
    currentDemographics,
    problems,
    clearProblems: () => setProblems(undefined),
    submit,
    clear,
  };
}
