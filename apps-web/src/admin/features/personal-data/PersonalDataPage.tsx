import { Button, Card, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { PersonalDataMatches } from '@msp/shared/browser';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { errorText } from '../../../lib/api-errors.js';
import { useQueryErrorToast } from '../../api/use-error-toast.js';
import { AdminPanel } from '../../components/AdminPanel.js';
import { AdminState } from '../../components/AdminState.js';
import { BackToDashboard } from '../../components/BackToDashboard.js';
import { ConfirmDeleteAlert } from '../../components/ConfirmDeleteAlert.js';
import { TextField } from '../../components/form/index.js';
import { ListSkeleton } from '../../components/ListSkeleton.js';
import { LoadFailedState } from '../../components/LoadFailedState.js';
import { formatDateTime } from '../../lib/format-date.js';
import { useAdminTitle } from '../../lib/use-admin-title.js';
import { draftText, personalDataSchema, type PersonalDataValues } from './personal-data-form.js';
import { useDeletePersonalData, useExportPersonalData, usePersonalData } from './queries.js';
import './personal-data.css';

/** The found submissions and saved draft, with the two things to do with all of them. */
function Matches({ matches }: { matches: PersonalDataMatches }) {
  const [confirming, setConfirming] = useState(false);
  const exportData = useExportPersonalData();
  const remove = useDeletePersonalData({ onDeleted: () => setConfirming(false) });
  const count = matches.submissions.length;
  const { draft } = matches;
  const what = draftText(count, draft !== null);
  const [deleteLabel, confirmLabel] = draft
    ? count === 0
      ? ['Delete Saved Draft', 'Delete Saved Draft']
      : ['Delete All', 'Delete All']
    : count === 1
      ? ['Delete Submission', 'Delete 1 Submission']
      : [`Delete All ${count}`, `Delete ${count} Submissions`];
  return (
    <>
      <div className="admin-panel__header">
        <h2 id="personal-data-results" className="admin-panel__title">
          Submissions of {matches.email}
        </h2>
        <p className="admin-panel__summary">{what}</p>
      </div>
      <ul className="personal-data-list" aria-labelledby="personal-data-results">
        {draft && (
          <li className="personal-data-list__item">
            <span className="personal-data-list__company">Unfinished assessment (Continue later)</span>
            <span className="admin-muted">
              {draft.answeredCount} of {draft.questionCount} questions answered
            </span>
            <span className="admin-muted">
              Last saved <time dateTime={draft.updatedAt}>{formatDateTime(draft.updatedAt)}</time>
            </span>
          </li>
        )}
        {matches.submissions.map((submission) => (
          <li key={submission.id} className="personal-data-list__item">
            <span className="personal-data-list__company">{submission.company ?? 'No company given'}</span>
            <span className="admin-muted">{submission.name ?? 'No name given'}</span>
            <span className="admin-muted">
              Submitted{' '}
              <time dateTime={submission.submittedAt}>{formatDateTime(submission.submittedAt)}</time>
            </span>
          </li>
        ))}
      </ul>
      <div className="personal-data-actions">
        <Button
          icon={IconNames.DOWNLOAD}
          text="Download JSON"
          loading={exportData.isPending}
          onClick={() => exportData.mutate(matches.email)}
        />
        <Button
          icon={IconNames.TRASH}
          intent={Intent.DANGER}
          text={deleteLabel}
          onClick={() => setConfirming(true)}
        />
      </div>
      <ConfirmDeleteAlert
        isOpen={confirming}
        busy={remove.isPending}
        confirmButtonText={confirmLabel}
        onConfirm={() => remove.mutate(matches, { onError: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Delete {what} of <strong>{matches.email}</strong>? Their answers, scores, analyses and delivery logs
          are removed, the statistics no longer count them, and their results pages (and the link to a saved
          draft) stop working. This action cannot be undone.
        </p>
      </ConfirmDeleteAlert>
    </>
  );
}

/**
 * Personal Data (/admin/personal-data): a person's request to see or erase what is stored about
 * them. The admin gives the address, sees its submissions, downloads them all as one JSON file or
 * deletes them all. The address stays in the screen's state, not its URL, so it is not kept in the
 * browser's history.
 */
export default function PersonalDataPage() {
  useAdminTitle('Personal Data');
  const [email, setEmail] = useState('');
  const form = useForm<PersonalDataValues>({
    defaultValues: { email: '' },
    resolver: zodResolver(personalDataSchema),
  });
  const matches = usePersonalData(email);
  useQueryErrorToast(matches, 'Failed to look up the email address');
  const onSubmit = form.handleSubmit((values) => setEmail(values.email));

  let results: ReactNode = null;
  if (email === '') {
    // Nothing asked yet: the form alone.
  } else if (matches.isPending) {
    results = (
      <ListSkeleton
        label="Looking up submissions"
        listClassName="personal-data-list"
        cardClassName="personal-data-list__item"
        count={2}
        bare
      />
    );
  } else if (matches.isError) {
    results = (
      <LoadFailedState
        title="Could not look up the email address"
        description={errorText(matches.error)}
        query={matches}
      />
    );
  } else if (matches.data.submissions.length === 0 && !matches.data.draft) {
    results = (
      <AdminState
        headingLevel={2}
        icon={IconNames.SEARCH}
        title="No submissions for this email address"
        description={
          <>
            Nothing is stored under <strong>{matches.data.email}</strong>. Submissions are found by the whole
            address the person gave, in any case.
          </>
        }
      />
    );
  } else {
    results = <Matches matches={matches.data} />;
  }

  return (
    <div className="personal-data-page">
      <BackToDashboard />
      <header className="admin-page-header">
        <div>
          <h1 className="admin-page-header__title">Personal Data</h1>
          <p className="admin-page-header__description">
            When someone asks to see or erase what is stored about them, find their submissions by email
            address, download everything as one JSON file, or delete it all. Every download and deletion is
            recorded in the Audit Log.
          </p>
        </div>
      </header>

      <Card role="search" aria-label="Find a person's submissions">
        <form className="personal-data-form" onSubmit={(event) => void onSubmit(event)} noValidate>
          <TextField
            control={form.control}
            name="email"
            label="Email address"
            type="email"
            autoComplete="off"
            placeholder="name@company.com"
            groupClassName="personal-data-form__email"
          />
          <Button
            type="submit"
            className="personal-data-form__submit"
            icon={IconNames.SEARCH}
            intent={Intent.PRIMARY}
            text="Find"
          />
        </form>
      </Card>

      {results && (
        <AdminPanel className="personal-data-results" role="region" aria-live="polite" aria-label="Results">
          {results}
        </AdminPanel>
      )}
    </div>
  );
}
