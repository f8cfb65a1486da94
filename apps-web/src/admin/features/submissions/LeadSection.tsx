import { Button, FormGroup, HTMLSelect, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { AdminSubmission, UpdateLeadRequest } from '@msp/shared/browser';
import { useLeadOwners, useLeadStatuses, useUpdateLead } from './lead-queries.js';
import { usePermission } from '../../api/session.js';
import { formatDay, localDay, nextStepState } from './lead-text.js';

/** "Due today" or "Overdue" beside the next step's day, when it is one of them. */
export function NextStepTag({ nextStepOn, today }: { nextStepOn: string | null; today: string }) {
  if (!nextStepOn) return null;
  const state = nextStepState(nextStepOn, today);
  if (state === 'later') return null;
  return (
    <Tag minimal intent={state === 'overdue' ? Intent.DANGER : Intent.WARNING}>
      {state === 'overdue' ? 'Overdue' : 'Due today'}
    </Tag>
  );
}

/**
 * Where the team stands with the submission: its status, its owner and the day of the next step,
 * each saved as soon as it is chosen by someone whose role works leads, and read by everyone else.
 */
export function LeadSection({ submission }: { submission: AdminSubmission }) {
  return usePermission('work-leads') ? (
    <LeadFields submission={submission} />
  ) : (
    <LeadReadOnly submission={submission} />
  );
}

/** The lead as a role that reads it sees it: the same three facts, as text. */
function LeadReadOnly({ submission }: { submission: AdminSubmission }) {
  const { lead } = submission;
  return (
    <section aria-labelledby="submission-lead-heading">
      <h3 id="submission-lead-heading" className="admin-overline admin-inline submission-section__title">
        Lead
      </h3>
      <dl className="lead-fields admin-info lead-fields--read">
        <div>
          <dt>Status</dt>
          <dd>{lead.status.name}</dd>
        </div>
        <div>
          <dt>Owner</dt>
          <dd>{lead.owner?.name ?? 'Nobody'}</dd>
        </div>
        <div>
          <dt>Next step</dt>
          <dd className="admin-inline">
            {lead.nextStepOn ? formatDay(lead.nextStepOn) : 'None'}
            <NextStepTag nextStepOn={lead.nextStepOn} today={localDay()} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

function LeadFields({ submission }: { submission: AdminSubmission }) {
  const statuses = useLeadStatuses();
  const owners = useLeadOwners();
  const update = useUpdateLead();
  const { lead } = submission;
  const change = (changes: UpdateLeadRequest) => update.mutate({ submission, changes });
  const today = localDay();
  // The row's own status and owner stay choosable while the lists load (or if one was removed).
  const statusOptions = statuses.data?.statuses.map(({ id, name }) => ({
    value: String(id),
    label: name,
  })) ?? [{ value: String(lead.status.id), label: lead.status.name }];
  const ownerOptions = [
    { value: '', label: 'Nobody' },
    ...(owners.data?.owners ?? (lead.owner ? [lead.owner] : [])).map(({ id, name }) => ({
      value: String(id),
      label: name,
    })),
  ];

  return (
    <section aria-labelledby="submission-lead-heading" aria-busy={update.isPending}>
      <h3 id="submission-lead-heading" className="admin-overline admin-inline submission-section__title">
        Lead
      </h3>
      <div className="lead-fields">
        <FormGroup label="Status" labelFor="lead-status">
          <HTMLSelect
            id="lead-status"
            className="admin-select"
            fill
            value={String(lead.status.id)}
            disabled={update.isPending}
            onChange={(event) => change({ statusId: Number(event.currentTarget.value) })}
            options={statusOptions}
          />
        </FormGroup>
        <FormGroup label="Owner" labelFor="lead-owner">
          <HTMLSelect
            id="lead-owner"
            className="admin-select"
            fill
            value={lead.owner ? String(lead.owner.id) : ''}
            disabled={update.isPending}
            onChange={(event) => {
              const value = event.currentTarget.value;
              change({ ownerId: value ? Number(value) : null });
            }}
            options={ownerOptions}
          />
        </FormGroup>
        <FormGroup
          label="Next step"
          labelFor="lead-next-step"
          labelInfo={<NextStepTag nextStepOn={lead.nextStepOn} today={today} />}
        >
          <InputGroup
            id="lead-next-step"
            type="date"
            value={lead.nextStepOn ?? ''}
            disabled={update.isPending}
            // A date input reports a value only once its day is whole: each is one change.
            onValueChange={(value) => {
              if (value !== (lead.nextStepOn ?? '')) change({ nextStepOn: value || null });
            }}
            rightElement={
              lead.nextStepOn ? (
                <Button
                  variant="minimal"
                  icon={IconNames.CROSS}
                  aria-label="Clear the next step"
                  disabled={update.isPending}
                  onClick={() => change({ nextStepOn: null })}
                />
              ) : undefined
            }
          />
        </FormGroup>
      </div>
    </section>
  );
}
