import { Button, Callout, Classes, HTMLSelect, HTMLTable, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type {
  HubSpotContactProperty,
  HubSpotProductField,
  HubSpotPropertyList,
  HubSpotStatus,
} from '@msp/shared/browser';
import { useId, useState } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import { showServerIssues } from '../../api/server-issues.js';
import {
  hubspotErrorText,
  useCreateHubSpotProperties,
  useHubSpotProperties,
  useSaveHubSpotMapping,
} from './hubspot-queries.js';

interface MappingValues {
  /** Product field key → property name; '' for a field not sent. */
  mapping: Record<string, string>;
}

/** What a field's values are, so the admin picks a property that can hold them. */
function valuesText(field: HubSpotProductField): string {
  if (field.kind === 'level') return 'Levels 0 to 3';
  if (field.kind === 'number') return 'A number';
  if (field.kind === 'choice') return `One of ${field.options?.length ?? 0} choices`;
  return 'Text';
}

function PropertyOptions({
  properties,
  productGroup,
}: {
  properties: readonly HubSpotContactProperty[];
  productGroup: string;
}) {
  // The address is how contacts are found: always sent, never a field's target.
  const choosable = properties.filter((property) => property.name !== 'email');
  const option = (property: HubSpotContactProperty) => (
    <option key={property.name} value={property.name}>
      {property.label} ({property.name})
    </option>
  );
  return (
    <>
      <option value="">Not sent</option>
      <optgroup label="This product's properties">
        {choosable.filter((property) => property.groupName === productGroup).map(option)}
      </optgroup>
      <optgroup label="Other contact properties">
        {choosable.filter((property) => property.groupName !== productGroup).map(option)}
      </optgroup>
    </>
  );
}

/** One field's row: its name and values, and the select of the property it is written to. */
function MappingRow({
  field,
  control,
  labelId,
  properties,
}: {
  field: HubSpotProductField;
  control: Control<MappingValues>;
  labelId: string;
  properties: HubSpotPropertyList | undefined;
}) {
  // Controlled: the options arrive after the form's values, and the select must show its value then.
  const { field: bound, fieldState } = useController({ control, name: `mapping.${field.key}` });
  const errorId = `${labelId}-error`;
  return (
    <tr>
      <th scope="row" id={labelId}>
        {field.label}
        <span className="admin-note hubspot-mapping__values">{valuesText(field)}</span>
      </th>
      <td>
        <HTMLSelect
          ref={bound.ref}
          name={bound.name}
          value={bound.value ?? ''}
          onChange={(event) => bound.onChange(event.currentTarget.value)}
          onBlur={bound.onBlur}
          fill
          className={properties ? undefined : Classes.SKELETON}
          aria-labelledby={labelId}
          aria-invalid={fieldState.error ? true : undefined}
          aria-describedby={fieldState.error ? errorId : undefined}
          disabled={!properties}
        >
          <PropertyOptions
            properties={properties?.properties ?? []}
            productGroup={properties?.productGroup ?? ''}
          />
        </HTMLSelect>
        {fieldState.error && (
          <p id={errorId} className="admin-note integration-result--failed">
            {fieldState.error.message}
          </p>
        )}
      </td>
    </tr>
  );
}

/**
 * Which contact property each of the product's fields is written to: a select per field listing
 * the account's properties, and "Create our properties", which makes the product's own group and
 * properties in HubSpot and maps them. A refused mapping is shown at its field, in the server's words.
 */
export function HubSpotMapping({ status }: { status: HubSpotStatus }) {
  const captionId = useId();
  const properties = useHubSpotProperties(true);
  const create = useCreateHubSpotProperties();
  const save = useSaveHubSpotMapping();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<MappingValues>({
    values: {
      mapping: Object.fromEntries(status.fields.map((field) => [field.key, status.mapping[field.key] ?? ''])),
    },
  });

  const onSubmit = form.handleSubmit(async ({ mapping }) => {
    setProblem(null);
    const chosen = Object.fromEntries(Object.entries(mapping).filter(([, property]) => property !== ''));
    try {
      await save.mutateAsync(chosen);
    } catch (error) {
      if (!showServerIssues(form, error)) setProblem(hubspotErrorText(error));
    }
  });
  const createOurs = async () => {
    setProblem(null);
    await create.mutateAsync().catch((error: unknown) => setProblem(hubspotErrorText(error)));
  };

  return (
    <form className="hubspot-mapping" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="admin-inline integration-card__head">
        <h3 id={captionId} className="admin-title">
          Field mapping
        </h3>
        <Button
          icon={IconNames.NEW_LAYER}
          text="Create our properties"
          loading={create.isPending}
          disabled={save.isPending}
          onClick={() => void createOurs()}
        />
      </div>
      <p className="admin-note admin-wrap">
        Each lead is sent as the contact with its email address, with the fields mapped here; a contact shows
        the latest assessment of its address. &ldquo;Create our properties&rdquo; adds this assessment&apos;s
        own group to HubSpot, with a property for the overall level, each pillar&apos;s level, the source, the
        campaign, the lead status and the link to the submission, and maps them.
      </p>
      {problem && (
        <Callout intent={Intent.DANGER} icon={IconNames.ERROR} role="alert" title="HubSpot said no">
          <p className="admin-wrap">{problem}</p>
        </Callout>
      )}
      {properties.isError ? (
        <Callout intent={Intent.DANGER} icon={IconNames.ERROR} title="Could not read HubSpot's properties">
          <p className="admin-wrap">{hubspotErrorText(properties.error)}</p>
          <Button icon={IconNames.REFRESH} text="Try again" onClick={() => void properties.refetch()} />
        </Callout>
      ) : (
        <div className="admin-table-wrap">
          <HTMLTable compact className="admin-table hubspot-mapping__table" aria-labelledby={captionId}>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">HubSpot contact property</th>
              </tr>
            </thead>
            <tbody>
              {status.fields.map((field) => (
                <MappingRow
                  key={field.key}
                  field={field}
                  control={form.control}
                  labelId={`${captionId}-${field.key}`}
                  properties={properties.data}
                />
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      <div className="hubspot-actions">
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon={IconNames.TICK}
          text="Save mapping"
          loading={save.isPending}
          disabled={create.isPending || !properties.data}
        />
      </div>
    </form>
  );
}
