import { Button, Card, Classes, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { CONSENT_STATEMENT_MAX_LENGTH, ConsentStatementInput } from '@msp/shared';
import type { ConsentStatement } from '@msp/shared/browser';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { errorText } from '../../../lib/api-errors.js';
import { useQueryErrorToast } from '../../api/use-error-toast.js';
import { showServerIssues } from '../../api/server-issues.js';
import { ConfirmDeleteAlert } from '../../components/ConfirmDeleteAlert.js';
import { LoadFailedState } from '../../components/LoadFailedState.js';
import { TextField } from '../../components/form/index.js';
import { useConsentStatement, useSaveConsentStatement } from './queries.js';

type ConsentValues = z.input<typeof ConsentStatementInput>;
type ConsentBody = z.output<typeof ConsentStatementInput>;

/**
 * The consent statement of the "About you" step: while one is set, visitors must tick it to go on,
 * and the text they ticked is kept with their submission.
 */
export function ConsentStatementSection() {
  const statement = useConsentStatement();
  useQueryErrorToast(statement, 'Failed to fetch');
  const headingId = useId();

  let body;
  if (statement.isPending) {
    body = <ConsentStatementSkeleton />;
  } else if (statement.isError) {
    body = (
      <LoadFailedState
        title="Failed to fetch"
        description={
          <>
            <p>The consent statement could not be loaded.</p>
            <code className="admin-error-text">{errorText(statement.error)}</code>
          </>
        }
        query={statement}
      />
    );
  } else {
    // Remounted when the saved statement changes, so the form starts from what is stored.
    const current = statement.data.statement;
    body = <ConsentStatementForm key={current?.id ?? 'none'} current={current} />;
  }

  return (
    <Card className="consent-section" aria-labelledby={headingId} role="region">
      <h2 id={headingId} className="consent-section__title">
        Consent statement
      </h2>
      <p className={`consent-section__description ${Classes.TEXT_MUTED}`}>
        When set, visitors must tick this statement before they can go on from &ldquo;About you&rdquo;, and
        the exact text they agreed to is kept with their submission. Leave it empty to ask for no consent.
      </p>
      {body}
    </Card>
  );
}

function ConsentStatementSkeleton() {
  return (
    <div role="status" aria-label="Loading the consent statement">
      <div className={`consent-section__skeleton ${Classes.SKELETON}`} aria-hidden />
    </div>
  );
}

function ConsentStatementForm({ current }: { current: ConsentStatement | null }) {
  const form = useForm<ConsentValues, unknown, ConsentBody>({
    defaultValues: { text: current?.text ?? '' },
    resolver: zodResolver(ConsentStatementInput),
  });
  const text = useWatch({ control: form.control, name: 'text' }) ?? '';
  const length = text.trim().length;
  const tooLong = length > CONSENT_STATEMENT_MAX_LENGTH;
  const [confirmingClear, setConfirmingClear] = useState(false);
  const clearTitleId = useId();
  const save = useSaveConsentStatement({ onSaved: () => setConfirmingClear(false) });

  const onSubmit = form.handleSubmit((body) =>
    save
      .mutateAsync(body)
      // The same statement again keeps its version (and this form): show it as the server keeps it.
      .then(({ statement }) => form.reset({ text: statement?.text ?? '' }))
      .catch((error: unknown) => void showServerIssues(form, error)),
  );
  const clear = () => save.mutate({ text: '' }, { onError: () => setConfirmingClear(false) });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextField
        control={form.control}
        name="text"
        label="Statement visitors must tick"
        optional
        hint="Plain text, shown beside the checkbox exactly as written."
        helperClassName="consent-section__helper"
        helperAddon={
          <span
            className={`consent-section__counter${tooLong ? ' consent-section__counter--over' : ''}`}
            aria-live="polite"
          >
            {length.toLocaleString('en-US')}/{CONSENT_STATEMENT_MAX_LENGTH.toLocaleString('en-US')}
            <span className="visually-hidden"> characters</span>
          </span>
        }
        controlIntent={tooLong ? Intent.DANGER : undefined}
        // Worded as an example (with "e.g."), so an empty field is not mistaken for a saved statement.
        placeholder="e.g. I agree that Northwind MSP may store my answers and email me about my results."
        multiline
        fill
        rows={4}
        autoResize
      />
      <div className="consent-section__actions">
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          text="Save Statement"
          loading={save.isPending && !confirmingClear}
          disabled={!form.formState.isDirty || save.isPending}
        />
        <Button
          variant="minimal"
          intent={Intent.DANGER}
          icon={IconNames.TRASH}
          text="Remove Statement"
          disabled={current === null || save.isPending}
          onClick={() => setConfirmingClear(true)}
        />
      </div>
      <ConfirmDeleteAlert
        isOpen={confirmingClear}
        busy={save.isPending}
        confirmButtonText="Remove"
        aria-labelledby={clearTitleId}
        onConfirm={clear}
        onCancel={() => setConfirmingClear(false)}
      >
        <p id={clearTitleId}>Remove the consent statement?</p>
        <p>Visitors will no longer see a consent checkbox. Past submissions keep the text they agreed to.</p>
      </ConfirmDeleteAlert>
    </form>
  );
}
