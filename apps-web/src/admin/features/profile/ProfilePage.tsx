import {
  Button,
  Callout,
  Card,
  Checkbox,
  Classes,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { levelName, type NotificationPreferences } from '@msp/shared/browser';
import { useState } from 'react';
import { errorText } from '../../../lib/api-errors.js';
import { useQueryErrorToast } from '../../api/use-error-toast.js';
import { LoadFailedState } from '../../components/LoadFailedState.js';
import { useAdminTitle } from '../../lib/use-admin-title.js';
import { useDemographicFields } from '../demographic-fields/public.js';
import {
  filterIsEmpty,
  formOf,
  hourLabel,
  requestOf,
  timeZones,
  type NotificationForm,
} from './notification-form.js';
import { useNotificationPreferences, useSaveNotificationPreferences } from './queries.js';
import './profile.css';

/** The fields a filter never offers: who the person is, which the list already searches. */
const PERSONAL_FIELDS = new Set(['first_name', 'last_name', 'email_address']);

const HOURS = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: hourLabel(hour) }));

/** The filter of the matching mode: levels, source, campaign, and any demographic answer. */
function FilterFields({
  form,
  edit,
}: {
  form: NotificationForm;
  edit: (changes: Partial<NotificationForm>) => void;
}) {
  const fields = useDemographicFields();
  const choosable = (fields.data ?? []).filter((field) => !PERSONAL_FIELDS.has(field.identifier));
  return (
    <fieldset className="profile-filter">
      <legend>Only submissions that match</legend>
      <FormGroup label="Overall level" helperText="Any of the ticked levels; none ticked for every level.">
        <div className="profile-levels">
          {[0, 1, 2, 3].map((level) => (
            <Checkbox
              key={level}
              inline
              label={`${level} ${levelName(level)}`}
              checked={form.overallLevels.includes(level)}
              onChange={(event) =>
                edit({
                  overallLevels: event.currentTarget.checked
                    ? [...form.overallLevels, level]
                    : form.overallLevels.filter((other) => other !== level),
                })
              }
            />
          ))}
        </div>
      </FormGroup>
      <div className="profile-filter__pairs">
        <FormGroup
          label="Source"
          labelFor="notify-source"
          helperText="Exactly this utm_source; empty for any."
        >
          <InputGroup id="notify-source" value={form.source} onValueChange={(source) => edit({ source })} />
        </FormGroup>
        <FormGroup
          label="Campaign"
          labelFor="notify-campaign"
          helperText="Exactly this utm_campaign; empty for any."
        >
          <InputGroup
            id="notify-campaign"
            value={form.campaign}
            onValueChange={(campaign) => edit({ campaign })}
          />
        </FormGroup>
        {choosable.map((field) => {
          const value = form.demographics[field.identifier] ?? '';
          const set = (answer: string) =>
            edit({ demographics: { ...form.demographics, [field.identifier]: answer } });
          const id = `notify-field-${field.identifier}`;
          return (
            <FormGroup key={field.identifier} label={field.label} labelFor={id}>
              {field.options && field.options.length > 0 ? (
                <HTMLSelect
                  id={id}
                  className="admin-select"
                  fill
                  value={value}
                  onChange={(event) => set(event.currentTarget.value)}
                  options={[
                    { value: '', label: 'Any' },
                    ...field.options.map((option) => ({ value: option, label: option })),
                  ]}
                />
              ) : (
                <InputGroup id={id} value={value} placeholder="Any" onValueChange={set} />
              )}
            </FormGroup>
          );
        })}
      </div>
      {filterIsEmpty(form) && (
        <Callout intent={Intent.WARNING} icon={IconNames.FILTER}>
          With nothing chosen, every new submission matches.
        </Callout>
      )}
    </fieldset>
  );
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const [form, setForm] = useState(() => formOf(saved));
  const save = useSaveNotificationPreferences();
  const edit = (changes: Partial<NotificationForm>) => setForm((current) => ({ ...current, ...changes }));
  return (
    <form
      className="admin-list"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(requestOf(form));
      }}
    >
      <Card className="profile-section">
        <h2 className="profile-section__title">New submissions</h2>
        <RadioGroup
          name="notify-mode"
          selectedValue={form.mode}
          onChange={(event) => edit({ mode: event.currentTarget.value as NotificationForm['mode'] })}
        >
          <Radio value="none" label="No emails" />
          <Radio value="every" label="An email for every new submission" />
          <Radio value="matching" label="An email for each new submission matching my filter" />
          <Radio value="digest" label="A daily digest of the new submissions" />
        </RadioGroup>
        {form.mode === 'matching' && <FilterFields form={form} edit={edit} />}
        {form.mode === 'digest' && (
          <FormGroup label="Send the digest at" labelFor="notify-digest-hour" inline>
            <HTMLSelect
              id="notify-digest-hour"
              className="admin-select"
              value={String(form.digestHour)}
              onChange={(event) => edit({ digestHour: Number(event.currentTarget.value) })}
              options={HOURS}
            />
          </FormGroup>
        )}
      </Card>
      <Card className="profile-section">
        <h2 className="profile-section__title">Leads you own</h2>
        <Checkbox
          label="Email me when someone gives me a lead"
          checked={form.assignedEmail}
          onChange={(event) => edit({ assignedEmail: event.currentTarget.checked })}
        />
        <Checkbox
          label="Email me at 08:00 on the day a next step of my leads falls due"
          checked={form.dueEmail}
          onChange={(event) => edit({ dueEmail: event.currentTarget.checked })}
        />
      </Card>
      <Card className="profile-section">
        <FormGroup
          label="Your time zone"
          labelFor="notify-time-zone"
          helperText="The digest's hour and the morning a next step falls due are counted in it."
        >
          <HTMLSelect
            id="notify-time-zone"
            className="admin-select"
            value={form.timeZone}
            onChange={(event) => edit({ timeZone: event.currentTarget.value })}
            options={timeZones(form.timeZone)}
          />
        </FormGroup>
      </Card>
      <div className="admin-inline">
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon={IconNames.TICK}
          text="Save"
          loading={save.isPending}
        />
      </div>
    </form>
  );
}

/**
 * My notifications (/admin/profile): which emails the signed-in administrator gets about leads.
 * Each chooses for themselves; nothing is sent about new submissions until they do.
 */
export default function ProfilePage() {
  useAdminTitle('My notifications');
  const preferences = useNotificationPreferences();
  useQueryErrorToast(preferences, 'Failed to load your notification settings');
  let content;
  if (preferences.isPending) {
    content = (
      <Card
        className={`profile-section profile-section--skeleton ${Classes.SKELETON}`}
        role="status"
        aria-label="Loading"
      />
    );
  } else if (preferences.isError) {
    content = (
      <LoadFailedState
        title="Failed to load your notification settings"
        description={<code className="admin-error-text">{errorText(preferences.error)}</code>}
        query={preferences}
      />
    );
  } else {
    content = <PreferencesForm key={JSON.stringify(preferences.data)} saved={preferences.data} />;
  }
  return (
    <div className="admin-list profile-page">
      <header className="admin-page-header">
        <div>
          <h1 className="admin-page-header__title">My notifications</h1>
          <p className="admin-page-header__description">
            Which emails you get about leads
            {preferences.data ? (
              <>
                , sent to <strong>{preferences.data.email}</strong>
              </>
            ) : null}
            . Every email has a link to change or stop them.
          </p>
        </div>
      </header>
      {content}
    </div>
  );
}
