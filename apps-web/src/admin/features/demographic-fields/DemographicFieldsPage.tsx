import { Button, Card, Intent } from '@blueprintjs/core';
import { ConfirmDeleteAlert } from '../../components/ConfirmDeleteAlert.js';
import { IconNames } from '@blueprintjs/icons';
import type { DemographicField } from '@msp/shared/browser';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { errorText } from '../../../lib/api-errors.js';
import { useQueryErrorToast } from '../../api/use-error-toast.js';
import { AdminState } from '../../components/AdminState.js';
import { useAdminTitle } from '../../lib/use-admin-title.js';
import { ConsentStatementSection } from './ConsentStatementSection.js';
import { DemographicFieldCard, DemographicFieldsSkeleton } from './DemographicFieldCard.js';
import { useDeleteDemographicField, useDemographicFields } from './queries.js';
import './demographics.css';
import { LoadFailedState } from '../../components/LoadFailedState.js';

// The form and its validation load when the dialog is first wanted.
const loadDialog = () => import('./DemographicFieldDialog.js');
const DemographicFieldDialog = lazy(loadDialog);
const prefetchDialog = () => void loadDialog();

/** One opening of the create/edit dialog; `session` remounts it so the form starts afresh. */
interface DialogState {
  isOpen: boolean;
  field: DemographicField | null;
  session: number;
}

/** Demographic Fields (/admin/demographic-fields): the questions about the visitor and their MSP. */
export default function DemographicFieldsPage() {
  useAdminTitle('Demographic Fields');
  const fields = useDemographicFields();
  useQueryErrorToast(fields, 'Failed to fetch');
  const [dialog, setDialog] = useState<DialogState | null>(null);
  // The field stays set while the confirmation closes, so its text does not vanish mid-animation.
  const [toDelete, setToDelete] = useState<{ field: DemographicField; isOpen: boolean } | null>(null);
  const closeDelete = () => setToDelete((current) => current && { ...current, isOpen: false });
  const remove = useDeleteDemographicField({ onDeleted: closeDelete });
  const alertTitleId = useId();
  const addButtonRef = useRef<HTMLButtonElement>(null);

  const openDialog = (field: DemographicField | null) =>
    setDialog((current) => ({ isOpen: true, field, session: (current?.session ?? 0) + 1 }));

  const addButton = (
    <Button
      intent={Intent.PRIMARY}
      icon={IconNames.ADD}
      text="Add Field"
      ref={addButtonRef}
      onClick={() => openDialog(null)}
      onMouseEnter={prefetchDialog}
      onFocus={prefetchDialog}
    />
  );

  let content;
  if (fields.isPending) {
    content = <DemographicFieldsSkeleton />;
  } else if (fields.isError) {
    content = (
      <Card className="demographic-state">
        <LoadFailedState
          title="Failed to fetch"
          description={
            <>
              <p>The demographic fields could not be loaded.</p>
              <code className="admin-error-text">{errorText(fields.error)}</code>
            </>
          }
          query={fields}
        />
      </Card>
    );
  } else if (fields.data.length === 0) {
    content = (
      <Card className="demographic-state">
        <AdminState
          headingLevel={2}
          icon={IconNames.FORM}
          title="No demographic fields yet"
          description="Add the fields visitors fill in about themselves and their MSP before the questions start."
          actions={addButton}
        />
      </Card>
    );
  } else {
    const active = fields.data.filter((field) => field.isActive).length;
    content = (
      <>
        <p className="admin-note admin-summary" aria-live="polite">
          {fields.data.length} {fields.data.length === 1 ? 'field' : 'fields'}
          {active < fields.data.length && ` · ${fields.data.length - active} inactive`}
        </p>
        <ul className="admin-list demographic-list" aria-label="Demographic fields">
          {fields.data.map((field) => (
            <li key={field.id}>
              <DemographicFieldCard
                field={field}
                onEdit={(chosen) => openDialog(chosen)}
                onDelete={(chosen) => {
                  remove.reset();
                  setToDelete({ field: chosen, isOpen: true });
                }}
              />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <div className="demographic-page">
      <header className="admin-page-header">
        <div>
          <h1 className="admin-page-header__title">Demographic Fields</h1>
          <p className="admin-page-header__description">
            The first step of the assessment asks visitors about themselves and their MSP. Each answer is kept
            with the submission under the field&apos;s identifier.
          </p>
        </div>
        {addButton}
      </header>

      {content}

      <ConsentStatementSection />

      {dialog && (
        <Suspense fallback={null}>
          <DemographicFieldDialog
            key={dialog.session}
            isOpen={dialog.isOpen}
            field={dialog.field}
            existingCount={fields.data?.length ?? 0}
            onClose={() => setDialog((current) => current && { ...current, isOpen: false })}
          />
        </Suspense>
      )}

      <ConfirmDeleteAlert
        isOpen={toDelete?.isOpen ?? false}
        busy={remove.isPending}
        confirmButtonText="Delete"
        aria-labelledby={alertTitleId}
        onConfirm={() => toDelete && remove.mutate(toDelete.field.id)}
        onCancel={closeDelete}
        onClosed={() => {
          // The deleted card took its Delete button with it: keyboard users go on from Add Field.
          if (!document.activeElement || document.activeElement === document.body)
            addButtonRef.current?.focus();
        }}
      >
        <p id={alertTitleId}>Are you sure you want to delete this demographic field?</p>
        {toDelete && (
          <p>
            <strong>{toDelete.field.label}</strong> (<code>{toDelete.field.identifier}</code>) will no longer
            be asked. Past submissions keep their answers.
          </p>
        )}
      </ConfirmDeleteAlert>
    </div>
  );
}
