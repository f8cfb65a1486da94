import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { hasStatus } from '../../lib/api-errors.js';
import { useApi } from '../../platform/platform-context.js';
import { assessmentDraftAtom } from './draft.js';

/**
 * An emailed "Continue later" link opened on this page: none; being read; restored into the local
 * draft; expired (or replaced by a newer link); or unreadable for now (the server or the network).
 */
export type DraftLinkState = 'none' | 'loading' | 'restored' | 'expired' | 'failed';

/** The token of an emailed link, from the address's fragment (which never reaches a server or a log). */
function draftTokenFromHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('draft');
}

/**
 * Reads a draft link's token once, clears it from the address bar (and so from history), asks the
 * server for the draft and writes it over the local draft, which the flow then resumes from: the
 * questions when the demographics are complete. The token is not spent: the same link opens the
 * draft on another device too.
 */
export function useDraftLink(): DraftLinkState {
  const api = useApi();
  const setDraft = useSetAtom(assessmentDraftAtom);
  // Read in render, cleared from the address once committed: a render React throws away (a part of
  // the page still loading its code) runs this again, and must find the token still there.
  const [token] = useState(() =>
    typeof window === 'undefined' ? null : draftTokenFromHash(window.location.hash),
  );
  const [state, setState] = useState<DraftLinkState>(token ? 'loading' : 'none');

  useEffect(() => {
    if (!token) return;
    if (draftTokenFromHash(window.location.hash)) {
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      );
    }
    let current = true;
    api.call('resumeAssessmentDraft', { body: { token } }).then(
      (saved) => {
        if (!current) return;
        setDraft((previous) => ({
          // The flow goes back to the first step by itself when the details are not complete.
          step: 'questions',
          demographics: saved.demographics,
          answers: saved.answers,
          ...(saved.consentStatementId !== null && { consentStatementId: saved.consentStatementId }),
          // Where this browser's visit came from, if it began one.
          ...(previous.attribution && { attribution: previous.attribution }),
        }));
        setState('restored');
      },
      (error: unknown) => {
        if (current) setState(hasStatus(error, 404) || hasStatus(error, 400) ? 'expired' : 'failed');
      },
    );
    return () => {
      current = false;
    };
  }, [api, token, setDraft]);

  return state;
}
