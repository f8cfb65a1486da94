import { Intent } from '@blueprintjs/core';
import type { SubmitRequest } from '@msp/shared/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { RESET } from 'jotai/utils';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorIssues } from '../../lib/api-errors.js';
import { queryKey } from '../../lib/query-keys.js';
import { useToast } from '../../lib/toasts.js';
import { useApi } from '../../platform/platform-context.js';
import { EMBED_PATH, useEmbedded } from '../embed/embedded.js';
import { reportFunnelStep } from '../funnel/funnel-beacon.js';
import { assessmentDraftAtom } from './draft.js';
import { useLanguage, useT } from '../../lib/i18n/i18n-context.js';

/**
 * Sends the finished assessment and opens its results. The draft is cleared when the flow unmounts
 * after a success, not at once: clearing it now would flash the first step while the results load.
 */
export function useSubmitAssessment() {
  const api = useApi();
  const navigate = useNavigate();
  const embedded = useEmbedded();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { language } = useLanguage();
  const t = useT();
  const setDraft = useSetAtom(assessmentDraftAtom);

  const submitted = useRef(false);
  useEffect(
    () => () => {
      if (submitted.current) setDraft(RESET);
    },
    [setDraft],
  );

  return useMutation({
    // Taken in the language shown: the results email and the analysis follow it.
    mutationFn: (body: SubmitRequest) => api.call('submitAssessment', { body: { ...body, language } }),
    onSuccess: ({ submissionId }) => {
      submitted.current = true;
      reportFunnelStep({ step: 'submitted' });
      // The results page tells a framing partner site of the completion, once it knows the level.
      void navigate(`${embedded ? EMBED_PATH : ''}/results/${encodeURIComponent(submissionId)}`, {
        state: { justSubmitted: true },
      });
    },
    onError: (error) => {
      // A statement set after this page loaded: read it, which brings the visitor back to tick it.
      if (errorIssues(error).some(({ field }) => field === 'consent')) {
        void queryClient.invalidateQueries({ queryKey: queryKey('getConsentStatement') });
        toast.show({
          title: t('assessment.submit.consentTitle'),
          description: t('assessment.submit.consentText'),
          intent: Intent.WARNING,
        });
        return;
      }
      toast.show({
        title: t('assessment.submit.errorTitle'),
        description: t('assessment.submit.errorText'),
        intent: Intent.DANGER,
      });
    },
  });
}
