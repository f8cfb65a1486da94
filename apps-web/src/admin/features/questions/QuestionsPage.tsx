import { Button, Callout, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { AdminQuestion } from '@msp/shared/browser';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQueryErrorToast } from '../../api/use-error-toast.js';
import { useAdminTitle } from '../../lib/use-admin-title.js';
import { useAdminQuestions, usePillars } from '../../api/content-lists.js';
import { useAdminHref } from '../../routing.js';
import { questionOrderNote, useQuestionOrder } from '../settings/public.js';
import { DeleteQuestionAlert } from './DeleteQuestionAlert.js';
import { pillarsById } from './question-points.js';
import { QuestionsContent } from './QuestionsContent.js';
import { useQuestionDialog } from './use-question-dialog.js';
import { useQuestionsFilter } from './use-questions-filter.js';
import './questions.css';

// The form and its validation load when the dialog is first wanted.
const loadQuestionDialog = () => import('./QuestionDialog.js');
const QuestionDialog = lazy(loadQuestionDialog);

/** Question Management (/admin/questions): questions with answers and points; Add, Edit, Delete. */
export default function QuestionsPage() {
  useAdminTitle('Question Management');
  const questionOrder = useQuestionOrder();
  const href = useAdminHref();
  const questions = useAdminQuestions();
  const pillars = usePillars();
  useQueryErrorToast(questions, 'Failed to fetch questions');
  const byId = useMemo(() => pillarsById(pillars.data), [pillars.data]);

  const all = questions.data ?? [];
  const filter = useQuestionsFilter(all, pillars.data ?? []);
  const { shown, withoutPillar } = filter;
  const [deleting, setDeleting] = useState<AdminQuestion | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const ready = questions.isSuccess && pillars.isSuccess;
  const hasPillars = (pillars.data?.length ?? 0) > 0;
  const { dialog, dialogOpen, openDialog, closeDialog } = useQuestionDialog({
    questions: questions.data,
    pillars: pillars.data,
    pillarFilter: filter.pillarFilter,
    ready,
  });

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

  return (
    <div>
      <header className="admin-page-header">
        <div>
          <h1 className="admin-page-header__title">Question Management</h1>
          <p className="admin-page-header__description">
            The assessment&apos;s multiple-choice questions. Each answer gives 0 to 3 points to the pillars it
            shows maturity in. {questionOrderNote(questionOrder)}{' '}
            <Link className="questions-order-link" to={href('settings')}>
              Change it in Settings
            </Link>
            .
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
            value={filter.search}
            onValueChange={filter.setSearch}
            className="questions-toolbar__search"
          />
          <HTMLSelect
            aria-label="Filter by pillar"
            value={filter.pillarFilterShown}
            onChange={(event) => filter.setPillarFilter(event.currentTarget.value)}
            options={filter.options}
          />
          <p className="admin-note" aria-live="polite">
            {filter.filtering ? `${shown.length} of ${all.length} questions` : `${all.length} questions`}
          </p>
        </div>
      )}
      <QuestionsContent
        questions={questions}
        shown={shown}
        pillars={byId}
        pillarsLoaded={pillars.isSuccess}
        noPillars={pillars.isSuccess && !hasPillars}
        addButton={addButton}
        onClearFilters={filter.clear}
        onEdit={openDialog}
        onDelete={(question) => {
          setDeleting(question);
          setDeleteOpen(true);
        }}
        onPrefetch={prefetch}
      />

      {dialog && (
        <Suspense fallback={null}>
          <QuestionDialog
            key={dialog.session}
            isOpen={dialogOpen}
            question={dialog.question}
            pillars={dialog.pillars}
            defaults={dialog.defaults}
            onClose={closeDialog}
          />
        </Suspense>
      )}
      <DeleteQuestionAlert question={deleting} isOpen={deleteOpen} onClose={() => setDeleteOpen(false)} />
    </div>
  );
}
