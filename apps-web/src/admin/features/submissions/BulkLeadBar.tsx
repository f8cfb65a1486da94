import { Button, Checkbox, HTMLSelect, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { AdminSubmission } from '@msp/shared/browser';
import { useState } from 'react';
import { useLeadOwners, useLeadStatuses, useUpdateLeads } from './lead-queries.js';

export interface BulkLeadBarProps {
  /** The page's rows: what "Select all" ticks. */
  submissions: readonly AdminSubmission[];
  checkedIds: ReadonlySet<string>;
  onCheckAll: (checked: boolean) => void;
  /** After a change: the ticks are cleared. */
  onDone: () => void;
}

/** Nobody owns it: the value of the owner select that clears the owner. */
const NOBODY = 'none';

/**
 * Above the list: tick every row of the page, and give the ticked ones one status or one owner at
 * once. Shown whole only while something is ticked.
 */
export function BulkLeadBar({ submissions, checkedIds, onCheckAll, onDone }: BulkLeadBarProps) {
  const statuses = useLeadStatuses();
  const owners = useLeadOwners();
  const [statusId, setStatusId] = useState('');
  const [ownerId, setOwnerId] = useState('');
  const update = useUpdateLeads({
    onUpdated: () => {
      setStatusId('');
      setOwnerId('');
      onDone();
    },
  });
  const checked = submissions.filter((submission) => checkedIds.has(submission.id)).length;
  const all = checked > 0 && checked === submissions.length;
  const apply = () =>
    update.mutate({
      submissionIds: [...checkedIds],
      ...(statusId ? { statusId: Number(statusId) } : {}),
      ...(ownerId ? { ownerId: ownerId === NOBODY ? null : Number(ownerId) } : {}),
    });

  return (
    <div className="bulk-lead-bar" role="group" aria-label="Change several submissions">
      <Checkbox
        className="bulk-lead-bar__all"
        checked={all}
        indeterminate={checked > 0 && !all}
        onChange={(event) => onCheckAll(event.currentTarget.checked)}
        label={checked > 0 ? `${checked} selected` : 'Select all on this page'}
      />
      {checked > 0 && (
        <>
          <HTMLSelect
            className="admin-select"
            aria-label="Status for the selected submissions"
            value={statusId}
            onChange={(event) => setStatusId(event.currentTarget.value)}
            options={[
              { value: '', label: 'Keep status' },
              ...(statuses.data?.statuses ?? []).map(({ id, name }) => ({ value: String(id), label: name })),
            ]}
          />
          <HTMLSelect
            className="admin-select"
            aria-label="Owner for the selected submissions"
            value={ownerId}
            onChange={(event) => setOwnerId(event.currentTarget.value)}
            options={[
              { value: '', label: 'Keep owner' },
              { value: NOBODY, label: 'Nobody' },
              ...(owners.data?.owners ?? []).map(({ id, name }) => ({ value: String(id), label: name })),
            ]}
          />
          <Button
            intent={Intent.PRIMARY}
            icon={IconNames.TICK}
            text="Apply"
            loading={update.isPending}
            disabled={!statusId && !ownerId}
            onClick={apply}
          />
          <Button variant="minimal" text="Clear selection" onClick={() => onCheckAll(false)} />
        </>
      )}
    </div>
  );
}
