import { Button, Callout, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { AdminQuestion, Pillar } from '@msp/shared/browser';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LinkButton } from '../../../components/LinkButton.js';
import { errorText } from '../../../lib/api-errors.js';
import { useQueryErrorToast } from '../../api/use-error-toast.js';
import { AdminState } from '../../components/AdminState.js';
import { useAdminTitle } from '../../lib/use-admin-title.js';
import { useAdminHref } from '../../routing.js';
import { useAdminQuestions, usePillars } from '../../api/content-lists.js';
import { DeleteQuestionAlert } from './DeleteQuestionAlert.js';
import { QuestionCard } from './QuestionCard.js';
import { ListSkeleton } from '../../components/ListSkeleton.js';
import { pillarsById } from './question-points.js';
import './questions.css';
import { LoadFailedState } from '../../components/LoadFailedState.js';

// The form and its validation load when the dialog is first wanted.
const loadQuestionDialog = () => import('./QuestionDialog.js');
const QuestionDialog = lazy(loadQuestionDialog);

interface DialogState {
  question: AdminQuestion | null;
  /** The pillars as they were at opening: the form's points rows follow this list. */
  pillars: readonly Pillar[];
  defaults: { order: number; pillarId?: number };
  /** A new form for every opening. */
  session: number;
}

/** The pillar filter: every pillar, one pillar by id, or the questions without one. */
const ALL = 'all';
const NONE = 'none';

function matches(question: AdminQuestion, search: string): boolean {
  if (!search) return true;
  const needle = search.toLocaleLowerCase();
  return (
    question.text.toLocaleLowerCase().includes(needle) ||
    question.answers.some((answer) => answer.text.toLocaleLowerCase().includes(needle))
  );
}

/** Question Management (/admin/questions): questions with answers and points; Add, Edit, Delete (spec 2). */
export default function QuestionsPage() {
  useAdminTitle('Question Management');
  const href = useAdminHref();
  const questions = useAdminQuestions();
  const pillars = usePillars();
  useQueryErrorToast(questions, 'Failed to fetch questions');
  const byId = useMemo(() => pillarsById(pillars.data), [pillars.data]);

  const [pillarFilter, setPillarFilter] = useState(ALL);
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminQuestion | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const ready = questions.isSuccess && pillars.isSuccess;
  const hasPillars = (pillars.data?.length ?? 0) > 0;

  const openDialog = useCallback(
    (question: AdminQuestion | null) => {
      const filtered = Number(pillarFilter);
      setDialog((last) => ({
        question,
        pillars: pillars.data ?? [],
        defaults: {
          order: Math.max(0, ...(questions.data ?? []).map((q) => q.order)) + 1,
          ...(pillars.data?.some((pillar) => pillar.id === filtered) ? { pillarId: filtered } : {}),
        },
        session: (last?.session ?? 0) + 1,
      }));
      setDialogOpen(true);
    },
    [pillarFilter, questions.data, pillars.data],
  );

  // The dashboard's "Add New Question" arrives with ?new=1: open the form once both lists are known.
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

  const all = questions.data ?? [];
  const withoutPillar = all.filter((question) => question.pillarId === null).length;
  // A filter whose choice has gone (the pillar deleted, the last question given a pillar) shows all.
  const filterValid =
    pillarFilter === ALL || (pillarFilter === NONE ? withoutPillar > 0 : byId.has(Number(pillarFilter)));
  const pillarFilterShown = filterValid ? pillarFilter : ALL;
  const shown = all.filter(
    (question) =>
      (pillarFilterShown === ALL ||
        (pillarFilterShown === NONE
          ? question.pillarId === null
          : question.pillarId === Number(pillarFilterShown))) &&
      matches(question, search.trim()),
  );
  const filtering = pillarFilterShown !== ALL || search.trim() !== '';

  const prefetch = () => void loadQuestionDialog();
  const addButton = (text: string) => (
    <Button
      intent={Intent.PRIMARY}
      icon={IconNames.ADD}
      text={text}
      onClick={() => openDialog(null)}
      onMouseEnter={prefetch}
      onFocus={prefetch}
      disabled={!ready || !hasPillars}
    />
  );

  let content;
  if (questions.isPending) {
    content = (
      <ListSkeleton label="Loading questions" listClassName="question-list" cardClassName="question-card" />
    );
  } else if (questions.isError) {
    content = (
      <LoadFailedState
        title="Failed to fetch questions"
        description={<code className="admin-error-text">{errorText(questions.error)}</code>}
        query={questions}
      />
    );
  } else if (all.length === 0) {
    content = (
      <AdminState
        headingLevel={2}
        icon={IconNames.HELP}
        title="No Questions Found"
        description={
          pillars.isSuccess && !hasPillars
            ? 'Questions belong to pillars. Create a pillar first, then add the questions that measure it.'
            : 'Add the first question of the assessment, with its answers and the points each answer gives.'
        }
        actions={
          pillars.isSuccess && !hasPillars ? (
            <LinkButton to={`${href('pillars')}?new=1`} intent={Intent.PRIMARY} icon={IconNames.NEW_LAYER}>
              Create First Pillar
            </LinkButton>
          ) : (
            addButton('Create First Question')
          )
        }
      />
    );
  } else if (shown.length === 0) {
    content = (
      <AdminState
        headingLevel={2}
        icon={IconNames.SEARCH}
        title="No matching questions"
        description="No question matches the pillar and search you chose."
        actions={
          <Button
            icon={IconNames.CROSS}
            text="Clear filters"
            onClick={() => {
              setPillarFilter(ALL);
              setSearch('');
            }}
          />
        }
      />
    );
  } else {
    content = (
      <ul className="admin-list" aria-label="Questions">
        {shown.map((question) => (
          <li key={question.id}>
            <QuestionCard
              question={question}
              pillars={byId}
              canEdit={pillars.isSuccess}
              onEdit={() => openDialog(question)}
              onDelete={() => {
                setDeleting(question);
                setDeleteOpen(true);
              }}
              onPrefetch={prefetch}
            />
          </li>
        ))}
      </ul>
    );
  }

  const filterOptions = [
    { value: ALL, label: 'All pillars' },
    ...(pillars.data ?? []).map((pillar) => ({ value: String(pillar.id), label: pillar.name })),
    ...(withoutPillar > 0 ? [{ value: NONE, label: `No pillar (${withoutPillar})` }] : []),
  ];

  return (
    <div>
      <header className="admin-page-header">
        <div>
          <h1 className="admin-page-header__title">Question Management</h1>
          <p className="admin-page-header__description">
            The assessment&apos;s multiple-choice questions. Each answer gives 0 to 3 points to the pillars it
            shows maturity in.
          </p>
        </div>
        {addButton('Add Question')}
      </header>

      {pillars.isError && (
        <Callout intent={Intent.WARNING} icon={IconNames.WARNING_SIGN} className="admin-summary">
          The pillars could not be loaded, so questions cannot be added or edited right now.{' '}
          <Button
            size="small"
            variant="outlined"
            text="Try again"
            loading={pillars.isFetching}
            onClick={() => void pillars.refetch()}
          />
        </Callout>
      )}
      {withoutPillar > 0 && (
        <Callout intent={Intent.WARNING} icon={IconNames.WARNING_SIGN} className="admin-summary">
          {withoutPillar === 1 ? '1 question has' : `${withoutPillar} questions have`} no pillar and{' '}
          {withoutPillar === 1 ? 'is' : 'are'} not asked in the assessment. Edit{' '}
          {withoutPillar === 1 ? 'it' : 'them'} to choose a pillar.
        </Callout>
      )}

      {questions.isSuccess && all.length > 0 && (
        <div className="admin-inline admin-summary">
          <InputGroup
            type="search"
            leftIcon={IconNames.SEARCH}
            placeholder="Search questions and answers"
            aria-label="Search questions"
            value={search}
            onValueChange={setSearch}
            className="questions-toolbar__search"
          />
          <HTMLSelect
            aria-label="Filter by pillar"
            value={pillarFilterShown}
            onChange={(event) => setPillarFilter(event.currentTarget.value)}
            options={filterOptions}
          />
          <p className="admin-note" aria-live="polite">
            {filtering ? `${shown.length} of ${all.length} questions` : `${all.length} questions`}
          </p>
        </div>
      )}
      {content}

      {dialog && (
        <Suspense fallback={null}>
          <QuestionDialog
            key={dialog.session}
            isOpen={dialogOpen}
            question={dialog.question}
            pillars={dialog.pillars}
            defaults={dialog.defaults}
            onClose={() => setDialogOpen(false)}
          />
        </Suspense>
      )}
      <DeleteQuestionAlert question={deleting} isOpen={deleteOpen} onClose={() => setDeleteOpen(false)} />
    </div>
  );
}
