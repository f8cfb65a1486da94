import { Button, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { AdminQuestion, Pillar } from '@msp/shared/browser';
import type { ReactNode } from 'react';
import { LinkButton } from '../../../components/LinkButton.js';
import { errorText } from '../../../lib/api-errors.js';
import type { useAdminQuestions } from '../../api/content-lists.js';
import { AdminState } from '../../components/AdminState.js';
import { ListSkeleton } from '../../components/ListSkeleton.js';
import { LoadFailedState } from '../../components/LoadFailedState.js';
import { useAdminHref } from '../../routing.js';
import { QuestionCard } from './QuestionCard.js';

export interface QuestionsContentProps {
  questions: ReturnType<typeof useAdminQuestions>;
  /** The questions the filter and search leave. */
  shown: readonly AdminQuestion[];
  pillars: ReadonlyMap<number, Pillar>;
  /** The pillars are read: questions can be edited. */
  pillarsLoaded: boolean;
  /** The pillars are read and there are none: a question needs a pillar first. */
  noPillars: boolean;
  /** The Add button, with the text it has here. */
  addButton: (text: string) => ReactNode;
  onClearFilters: () => void;
  onEdit: (question: AdminQuestion) => void;
  onDelete: (question: AdminQuestion) => void;
  onPrefetch: () => void;
}

/** The questions below the toolbar: loading, failed, none yet, none matching, or the list. */
export function QuestionsContent(props: QuestionsContentProps) {
  const { questions, shown, noPillars } = props;
  const href = useAdminHref();
  if (questions.isPending) {
    return (
      <ListSkeleton label="Loading questions" listClassName="question-list" cardClassName="question-card" />
    );
  }
  if (questions.isError) {
    return (
      <LoadFailedState
        title="Failed to fetch questions"
        description={<code className="admin-error-text">{errorText(questions.error)}</code>}
        query={questions}
      />
    );
  }
  if (questions.data.length === 0) {
    return (
      <AdminState
        headingLevel={2}
        icon={IconNames.HELP}
        title="No Questions Found"
        description={
          noPillars
            ? 'Questions belong to pillars. Create a pillar first, then add the questions that measure it.'
            : 'Add the first question of the assessment, with its answers and the points each answer gives.'
        }
        actions={
          noPillars ? (
            <LinkButton to={`${href('pillars')}?new=1`} intent={Intent.PRIMARY} icon={IconNames.NEW_LAYER}>
              Create First Pillar
            </LinkButton>
          ) : (
            props.addButton('Create First Question')
          )
        }
      />
    );
  }
  if (shown.length === 0) {
    return (
      <AdminState
        headingLevel={2}
        icon={IconNames.SEARCH}
        title="No matching questions"
        description="No question matches the pillar and search you chose."
        actions={<Button icon={IconNames.CROSS} text="Clear filters" onClick={props.onClearFilters} />}
      />
    );
  }
  return (
    <ul className="admin-list" aria-label="Questions">
      {shown.map((question) => (
        <li key={question.id}>
          <QuestionCard
            question={question}
            pillars={props.pillars}
            canEdit={props.pillarsLoaded}
            onEdit={() => props.onEdit(question)}
            onDelete={() => props.onDelete(question)}
            onPrefetch={props.onPrefetch}
          />
        </li>
      ))}
    </ul>
  );
}
