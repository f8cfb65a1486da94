import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';

/**
 * A From and To pair of day fields for a screen's filters, the To field saying so when it is
 * before From: the Audit Log's and In progress's. A fragment, so each sits in the form's own grid.
 */
export function DateRangeFields({
  idPrefix,
  fromLabel = 'From',
  startDate,
  endDate,
  backwards,
  onChange,
}: {
  idPrefix: string;
  fromLabel?: string;
  startDate: string | undefined;
  endDate: string | undefined;
  backwards: boolean;
  onChange: (name: 'startDate' | 'endDate', value: string) => void;
}) {
  const intent = backwards ? Intent.DANGER : Intent.NONE;
  return (
    <>
      <FormGroup label={fromLabel} labelFor={`${idPrefix}-from`}>
        <InputGroup
          id={`${idPrefix}-from`}
          type="date"
          value={startDate ?? ''}
          onValueChange={(value) => onChange('startDate', value)}
        />
      </FormGroup>
      <FormGroup
        label="To"
        labelFor={`${idPrefix}-to`}
        intent={intent}
        helperText={backwards ? 'Must be on or after From' : undefined}
      >
        <InputGroup
          id={`${idPrefix}-to`}
          type="date"
          intent={intent}
          value={endDate ?? ''}
          onValueChange={(value) => onChange('endDate', value)}
        />
      </FormGroup>
    </>
  );
}
