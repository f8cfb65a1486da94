import { Button, Dialog, DialogBody, InputGroup, Intent, Radio, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { LEAD_STATUS_NAME_MAX_LENGTH, LEAD_STATUSES_MAX, type LeadStatusList } from '@msp/shared/browser';
import { useState } from 'react';
import { FormDialogFooter } from '../../components/FormDialogFooter.js';
import { useLeadStatuses, useSaveLeadStatuses } from './lead-queries.js';

interface StatusRow {
  /** React's key: the id of a kept status, a fresh one for a new row. */
  key: string;
  id?: number;
  name: string;
  isDefault: boolean;
  submissions: number;
}

let fresh = 0;
const rowsOf = (list: LeadStatusList | undefined): StatusRow[] =>
  (list?.statuses ?? []).map(({ id, name, isDefault, submissions }) => ({
    key: String(id),
    id,
    name,
    isDefault,
    submissions,
  }));

/** What is wrong with a row's name, or null. */
function nameProblem(rows: readonly StatusRow[], index: number): string | null {
  const name = rows[index]!.name.trim();
  if (!name) return 'Give the status a name';
  if (name.length > LEAD_STATUS_NAME_MAX_LENGTH) return `At most ${LEAD_STATUS_NAME_MAX_LENGTH} characters`;
  const duplicate = rows.findIndex((row) => row.name.trim().toLowerCase() === name.toLowerCase());
  return duplicate !== index ? 'Another status has this name' : null;
}

export interface LeadStatusesDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/**
 * The lead statuses in their order: rename, reorder, add, remove, and choose the one new
 * submissions get. A removed status's submissions take the default.
 */
export default function LeadStatusesDialog({ isOpen, onClose }: LeadStatusesDialogProps) {
  const statuses = useLeadStatuses();
  const [rows, setRows] = useState<StatusRow[] | null>(null);
  const [tried, setTried] = useState(false);
  const save = useSaveLeadStatuses({ onSaved: onClose });
  const shown = rows ?? rowsOf(statuses.data);
  const edit = (next: StatusRow[]) => setRows(next);
  const move = (index: number, by: number) => {
    const next = [...shown];
    const [row] = next.splice(index, 1);
    next.splice(index + by, 0, row!);
    edit(next);
  };
  const removedCount = rowsOf(statuses.data)
    .filter((row) => !shown.some((kept) => kept.id === row.id))
    .reduce((sum, row) => sum + row.submissions, 0);
  const problems = shown.map((_, index) => nameProblem(shown, index));

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      onClosed={() => {
        setRows(null);
        setTried(false);
        save.reset();
      }}
      title="Lead statuses"
      icon={IconNames.FLOW_LINEAR}
      className="admin-dialog"
      canOutsideClickClose={!save.isPending}
      canEscapeKeyClose={!save.isPending}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (problems.some(Boolean)) return;
          save.mutate({
            statuses: shown.map(({ id, name, isDefault }) => ({
              ...(id === undefined ? {} : { id }),
              name: name.trim(),
              isDefault,
            })),
          });
        }}
      >
        <DialogBody>
          <p className="admin-intro">
            The steps a lead goes through, in order. New submissions get the default status. Removing a status
            moves its submissions to the default.
          </p>
          {statuses.isPending ? (
            <p role="status">Loading the statuses…</p>
          ) : (
            <ol className="lead-statuses" aria-label="Lead statuses">
              {shown.map((row, index) => {
                const problem = tried ? problems[index] : null;
                const inputId = `lead-status-name-${row.key}`;
                return (
                  <li key={row.key} className="lead-statuses__row">
                    <Radio
                      name="lead-status-default"
                      checked={row.isDefault}
                      aria-label={`Default for new submissions: ${row.name || 'unnamed status'}`}
                      onChange={() =>
                        edit(shown.map((other) => ({ ...other, isDefault: other.key === row.key })))
                      }
                    />
                    <div className="lead-statuses__name">
                      <InputGroup
                        id={inputId}
                        value={row.name}
                        aria-label={`Status ${index + 1} name`}
                        aria-invalid={problem ? true : undefined}
                        aria-describedby={problem ? `${inputId}-problem` : undefined}
                        intent={problem ? Intent.DANGER : Intent.NONE}
                        maxLength={LEAD_STATUS_NAME_MAX_LENGTH + 10}
                        onValueChange={(name) =>
                          edit(shown.map((other) => (other.key === row.key ? { ...other, name } : other)))
                        }
                      />
                      {problem && (
                        <span id={`${inputId}-problem`} className="lead-statuses__problem">
                          {problem}
                        </span>
                      )}
                    </div>
                    {row.id !== undefined && (
                      <Tag minimal round title="Submissions with this status">
                        {row.submissions}
                      </Tag>
                    )}
                    <Button
                      variant="minimal"
                      icon={IconNames.ARROW_UP}
                      aria-label={`Move ${row.name || 'this status'} up`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    />
                    <Button
                      variant="minimal"
                      icon={IconNames.ARROW_DOWN}
                      aria-label={`Move ${row.name || 'this status'} down`}
                      disabled={index === shown.length - 1}
                      onClick={() => move(index, 1)}
                    />
                    <Button
                      variant="minimal"
                      icon={IconNames.TRASH}
                      aria-label={`Remove ${row.name || 'this status'}`}
                      disabled={row.isDefault || shown.length === 1}
                      title={row.isDefault ? 'Choose another default first' : undefined}
                      onClick={() => edit(shown.filter((other) => other.key !== row.key))}
                    />
                  </li>
                );
              })}
            </ol>
          )}
          <Button
            icon={IconNames.ADD}
            text="Add a status"
            disabled={statuses.isPending || shown.length >= LEAD_STATUSES_MAX}
            onClick={() =>
              edit([...shown, { key: `new-${++fresh}`, name: '', isDefault: false, submissions: 0 }])
            }
          />
          {removedCount > 0 && (
            <p className="admin-note lead-statuses__moved" role="status">
              {removedCount === 1 ? '1 submission moves' : `${removedCount} submissions move`} to the default
              status.
            </p>
          )}
        </DialogBody>
        <FormDialogFooter submitText="Save statuses" editing saving={save.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
