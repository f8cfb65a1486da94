import { Button, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { Pillar } from '@msp/shared/browser';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorText } from '../../../lib/api-errors.js';
import { useQueryErrorToast } from '../../api/use-error-toast.js';
import { AdminState } from '../../components/AdminState.js';
import { useAdminTitle } from '../../lib/use-admin-title.js';
import { useAdminQuestions, usePillars } from '../../api/content-lists.js';
import { DeletePillarAlert } from './DeletePillarAlert.js';
import { PillarCard } from './PillarCard.js';
import { ListSkeleton } from '../../components/ListSkeleton.js';
import { nextPillarOrder } from './queries.js';
import './pillars.css';
import { LoadFailedState } from '../../components/LoadFailedState.js';

// The form and its validation load when the dialog is first wanted.
const loadPillarDialog = () => import('./PillarDialog.js');
const PillarDialog = lazy(loadPillarDialog);

interface DialogState {
  pillar: Pillar | null;
  defaultOrder: number;
  /** A new form for every opening. */
  session: number;
}

/** Pillar Management (/admin/pillars): the pillars as cards, with Add, Edit and Delete. */
export default function PillarsPage() {
  useAdminTitle('Pillar Management');
  const pillars = usePillars();
  useQueryErrorToast(pillars, 'Failed to fetch pillars');
  // Question counts per pillar, for the cards and the delete warning; the list works without them.
  const questions = useAdminQuestions();
  const questionCounts = useMemo(() => {
    const counts = new Map<number, number>();
    for (const question of questions.data ?? []) {
      if (question.pillarId !== null) counts.set(question.pillarId, (counts.get(question.pillarId) ?? 0) + 1);
    }
    return counts;
  }, [questions.data]);

  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<Pillar | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const openDialog = useCallback(
    (pillar: Pillar | null) => {
      setDialog((last) => ({
        pillar,
        defaultOrder: nextPillarOrder(pillars.data),
        session: (last?.session ?? 0) + 1,
      }));
      setDialogOpen(true);
    },
    [pillars.data],
  );

  // The dashboard's "Add New Pillar" arrives with ?new=1: open the form once the list is known.
  const [searchParams, setSearchParams] = useSearchParams();
  const wantsNew = searchParams.get('new') === '1';
  useEffect(() => {
    if (!wantsNew || !pillars.isSuccess) return;
    openDialog(null);
    setSearchParams(
      (params) => {
        params.delete('new');
        return params;
      },
      { replace: true },
    );
  }, [wantsNew, pillars.isSuccess, openDialog, setSearchParams]);

  const prefetch = () => void loadPillarDialog();
  const addButton = (text: string) => (
    <Button
      intent={Intent.PRIMARY}
      icon={IconNames.NEW_LAYER}
      text={text}
      onClick={() => openDialog(null)}
      onMouseEnter={prefetch}
      onFocus={prefetch}
      disabled={!pillars.isSuccess}
    />
  );

  let content;
  if (pillars.isPending) {
    content = (
      <ListSkeleton
        label="Loading pillars"
        listClassName="admin-list admin-list--grid pillar-list"
        cardClassName="pillar-card"
      />
    );
  } else if (pillars.isError) {
    content = (
      <LoadFailedState
        title="Failed to fetch pillars"
        description={<code className="admin-error-text">{errorText(pillars.error)}</code>}
        query={pillars}
      />
    );
  } else if (pillars.data.length === 0) {
    content = (
      <AdminState
        headingLevel={2}
        icon={IconNames.LAYERS}
        title="No Pillars Found"
        description="Pillars are the areas the assessment measures. Create the first one to start building the questionnaire."
        actions={addButton('Create First Pillar')}
      />
    );
  } else {
    content = (
      <ul className="admin-list admin-list--grid pillar-list" aria-label="Pillars">
        {pillars.data.map((pillar) => (
          <li key={pillar.id}>
            <PillarCard
              pillar={pillar}
              questionCount={questions.isSuccess ? (questionCounts.get(pillar.id) ?? 0) : undefined}
              onEdit={() => openDialog(pillar)}
              onDelete={() => {
                setDeleting(pillar);
                setDeleteOpen(true);
              }}
              onPrefetch={prefetch}
            />
          </li>
        ))}
      </ul>
    );
  }

  const total = pillars.data?.length ?? 0;
  const active = pillars.data?.filter((pillar) => pillar.isActive).length ?? 0;

  return (
    <div className="pillars-page">
      <header className="admin-page-header">
        <div>
          <h1 className="admin-page-header__title">Pillar Management</h1>
          <p className="admin-page-header__description">
            The areas the assessment scores. Each answer gives points to pillars, and each pillar gets its own
            maturity level.
          </p>
        </div>
        {addButton('Add Pillar')}
      </header>

      {pillars.isSuccess && total > 0 && (
        <p className="admin-note admin-summary">
          {total} {total === 1 ? 'pillar' : 'pillars'} · {active} active
        </p>
      )}
      {content}

      {dialog && (
        <Suspense fallback={null}>
          <PillarDialog
            key={dialog.session}
            isOpen={dialogOpen}
            pillar={dialog.pillar}
            defaultOrder={dialog.defaultOrder}
            onClose={() => setDialogOpen(false)}
          />
        </Suspense>
      )}
      <DeletePillarAlert
        pillar={deleting}
        isOpen={deleteOpen}
        questionCount={deleting && questions.isSuccess ? (questionCounts.get(deleting.id) ?? 0) : undefined}
        onClose={() => setDeleteOpen(false)}
      />
    </div>
  );
}
