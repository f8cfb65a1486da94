import type { AdminQuestion, Pillar } from '@msp/shared/browser';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

export interface QuestionDialogState {
  question: AdminQuestion | null;
  /** The pillars as they were at opening: the form's points rows follow this list. */
  pillars: readonly Pillar[];
  defaults: { order: number; pillarId?: number };
  /** A new form for every opening. */
  session: number;
}

interface QuestionDialogInputs {
  questions: readonly AdminQuestion[] | undefined;
  pillars: readonly Pillar[] | undefined;
  /** The list's pillar filter: a new question starts in the pillar shown. */
  pillarFilter: string;
  /** Both lists are known. */
  ready: boolean;
}

/**
 * The add and edit form's state: what it opens with, and whether it is open. The dashboard's
 * "Add New Question" arrives with ?new=1, which opens the form once both lists are known.
 */
export function useQuestionDialog({ questions, pillars, pillarFilter, ready }: QuestionDialogInputs) {
  const [dialog, setDialog] = useState<QuestionDialogState | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const openDialog = useCallback(
    (question: AdminQuestion | null) => {
      const filtered = Number(pillarFilter);
      setDialog((last) => ({
        question,
        pillars: pillars ?? [],
        defaults: {
          order: Math.max(0, ...(questions ?? []).map((q) => q.order)) + 1,
          ...(pillars?.some((pillar) => pillar.id === filtered) ? { pillarId: filtered } : {}),
        },
        session: (last?.session ?? 0) + 1,
      }));
      setDialogOpen(true);
    },
    [pillarFilter, questions, pillars],
  );

  const hasPillars = (pillars?.length ?? 0) > 0;
  const [searchParams, setSearchParams] = useSearchParams();
  const wantsNew = searchParams.get('new') === '1';
  useEffect(() => {
    if (!wantsNew || !ready) return;
    if (hasPillars) openDialog(null);
    setSearchParams(
      (params) => {
        params.delete('new');
        return params;
      },
      { replace: true },
    );
  }, [wantsNew, ready, hasPillars, openDialog, setSearchParams]);

  return { dialog, dialogOpen, openDialog, closeDialog: () => setDialogOpen(false) };
}
