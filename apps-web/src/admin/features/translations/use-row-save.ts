import { useState } from 'react';
import { errorBody, errorText } from '../../../lib/api-errors.js';
import { useSaveTranslation } from './queries.js';

export type RowSaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string };

/**
 * One row's draft and its save: on blur or on request, only when the draft differs from what is
 * stored. A refused text stays in the box with the server's reason beside it, to be corrected.
 */
export function useRowSave(language: string, unit: string, stored: string | null) {
  const save = useSaveTranslation(language);
  const [draft, setDraft] = useState(stored ?? '');
  const [state, setState] = useState<RowSaveState>({ kind: 'idle' });
  // A new stored text (an import, another admin's save seen on refetch) replaces an unedited draft.
  const [seen, setSeen] = useState(stored);
  if (seen !== stored) {
    setSeen(stored);
    if (draft === (seen ?? '')) setDraft(stored ?? '');
  }
  const dirty = draft !== (stored ?? '');

  const commit = async () => {
    if (!dirty || state.kind === 'saving') return;
    setState({ kind: 'saving' });
    try {
      const saved = await save(unit, draft);
      setDraft(saved.target ?? '');
      setState({ kind: 'saved' });
    } catch (error) {
      // The server's message names the unit ("ui.x: leaves out {count} of the source"): the row is the unit.
      const body = errorBody(error);
      const reason = body?.issues?.[0]?.message ?? body?.message ?? errorText(error);
      setState({ kind: 'error', message: reason });
    }
  };

  const edit = (text: string) => {
    setDraft(text);
    if (state.kind !== 'saving') setState({ kind: 'idle' });
  };

  return { draft, edit, dirty, state, commit };
}
