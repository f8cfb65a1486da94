import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditAction } from '@msp/shared/browser';
import { actionLabel, TARGET_LABELS } from './AuditEvents.js';
import type { useAuditFilters } from './use-audit-filters.js';
import { DateRangeFields } from '../../components/DateRangeFields.js';

export interface AuditFiltersFormProps {
  state: ReturnType<typeof useAuditFilters>;
}

/** The filters above the records: person or key, action, target and its id, and a range of days. */
export function AuditFiltersForm({ state }: AuditFiltersFormProps) {
  const { filters, setFilter, datesBackwards } = state;
  return (
    <form
      className="admin-filters"
      role="search"
      aria-label="Filter the audit log"
      onSubmit={(e) => e.preventDefault()}
    >
      <FormGroup label="Person or key" labelFor="audit-actor">
        <InputGroup
          id="audit-actor"
          type="search"
          leftIcon={IconNames.PERSON}
          placeholder="Email or key name"
          value={state.actorText}
          onValueChange={state.setActorText}
        />
      </FormGroup>
      <FormGroup label="Action" labelFor="audit-action">
        <HTMLSelect
          id="audit-action"
          fill
          value={filters.action ?? ''}
          onChange={(event) => setFilter('action', event.currentTarget.value)}
        >
          <option value="">All actions</option>
          {(Object.keys(AUDIT_ACTIONS) as AuditAction[]).map((action) => (
            <option key={action} value={action}>
              {actionLabel(action)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label="Target" labelFor="audit-target-type">
        <HTMLSelect
          id="audit-target-type"
          fill
          value={filters.targetType ?? ''}
          onChange={(event) => setFilter('targetType', event.currentTarget.value)}
        >
          <option value="">Anything</option>
          {AUDIT_TARGET_TYPES.map((type) => (
            <option key={type} value={type}>
              {TARGET_LABELS[type]}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label="Target id" labelFor="audit-target-id">
        <InputGroup
          id="audit-target-id"
          placeholder="e.g. 42"
          value={state.targetIdText}
          onValueChange={state.setTargetIdText}
        />
      </FormGroup>
      <DateRangeFields
        idPrefix="audit"
        startDate={filters.startDate}
        endDate={filters.endDate}
        backwards={datesBackwards}
        onChange={setFilter}
      />
      {state.filtered && (
        <Button
          className="admin-filters__clear"
          variant="minimal"
          icon={IconNames.CROSS}
          text="Clear filters"
          onClick={state.clearFilters}
        />
      )}
    </form>
  );
}
