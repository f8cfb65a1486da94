import { Button, Card, FormGroup, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { SiteSettingsFields } from '@msp/shared';
import type { SiteSetting } from '@msp/shared/browser';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { showServerIssues } from '../../api/server-issues.js';
import { RadioGroupField, TextField } from '../../components/form/index.js';
import { useQuery } from '@tanstack/react-query';
import { publicQueries } from '../../../lib/public-queries.js';
import { useApi } from '../../../platform/platform-context.js';
import { ColorSetting, LiveCoverPreview, LogoField } from './BrandingFields.js';
import { ReminderCount } from './ReminderCount.js';
import { useSaveSettings } from './queries.js';
import {
  byKey,
  changedSettings,
  formValuesOf,
  QUESTION_ORDER_OPTIONS,
  SETTINGS_SECTIONS,
  type SettingField,
  type SettingsSectionInfo,
  type SettingsValues,
} from './settings-form.js';

/** The settings by section, with one Save for whatever was changed. */
export function SettingsForm({ settings }: { settings: readonly SiteSetting[] }) {
  const initial = useMemo(() => formValuesOf(settings), [settings]);
  const form = useForm<SettingsValues>({ defaultValues: initial, resolver: zodResolver(SiteSettingsFields) });
  const save = useSaveSettings();
  const api = useApi();
  const productName = useQuery(publicQueries.config(api, 'en')).data?.productName ?? '';
  const current = byKey(settings);
  // The site's own address: the provider's website's default.
  const site = current.providerUrl?.defaultValue ?? '\u0000';

  const onSubmit = form.handleSubmit((values) =>
    save
      .mutateAsync(changedSettings(values, initial))
      .catch((error: unknown) => void showServerIssues(form, error)),
  );

  return (
    <form className="admin-list" onSubmit={(event) => void onSubmit(event)} noValidate>
      {SETTINGS_SECTIONS.map((section) => (
        <SettingsSection key={section.id} section={section}>
          {section.fields.map((field) => {
            const setting = current[field.key];
            if (!setting) return null;
            if (setting.source === 'environment')
              return <LockedSetting key={field.key} field={field} setting={setting} />;
            return (
              <EditableSetting
                key={field.key}
                field={field}
                setting={setting}
                form={form}
                isSiteItself={field.kind === 'url' && setting.defaultValue.startsWith(site)}
              />
            );
          })}
          {section.id === 'branding' && <LogoField />}
          {section.id === 'assessment' && <ReminderCount />}
          {section.id === 'report' && (
            <LiveCoverPreview form={form} current={current} productName={productName} />
          )}
        </SettingsSection>
      ))}
      <div className="settings-actions">
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          text="Save Settings"
          loading={save.isPending}
          disabled={!form.formState.isDirty || save.isPending}
        />
      </div>
    </form>
  );
}

function SettingsSection({ section, children }: { section: SettingsSectionInfo; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <Card className="admin-card settings-section" role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-title admin-title--head">
        {section.title}
      </h2>
      <p className="admin-note admin-wrap settings-section__description">{section.description}</p>
      <div className="settings-section__fields">{children}</div>
    </Card>
  );
}

/** A setting the environment fixes: its value, read-only, and where to change it. */
function LockedSetting({ field, setting }: { field: SettingField; setting: SiteSetting }) {
  const id = useId();
  const Control = field.kind === 'multiline' ? TextArea : InputGroup;
  return (
    <FormGroup
      label={field.label}
      labelFor={id}
      className={field.kind === 'multiline' || field.kind === 'order' ? 'settings-field--wide' : undefined}
      helperText={
        <>
          Set by <code>{setting.environmentVariable}</code> on the server, so it is locked here: change it
          there.
        </>
      }
    >
      <Control id={id} value={setting.value} readOnly disabled fill leftIcon={IconNames.LOCK} />
    </FormGroup>
  );
}

function EditableSetting({
  field,
  setting,
  form,
  isSiteItself,
}: {
  field: SettingField;
  setting: SiteSetting;
  form: ReturnType<typeof useForm<SettingsValues>>;
  /** Whether the default leads back to this site, which visitors should not be sent to. */
  isSiteItself: boolean;
}) {
  if (field.kind === 'color') return <ColorSetting field={field} setting={setting} form={form} />;
  if (field.kind === 'choice') {
    return (
      <RadioGroupField
        control={form.control}
        name={field.key}
        label={field.label}
        options={field.options ?? []}
      />
    );
  }
  if (field.kind === 'order') {
    return (
      <RadioGroupField
        control={form.control}
        name={field.key}
        label={field.label}
        groupClassName="settings-field--wide"
        options={QUESTION_ORDER_OPTIONS.map((option) => ({
          value: option.value,
          label: (
            <span>
              <strong>{option.label}</strong>: {option.description}
            </span>
          ),
        }))}
      />
    );
  }
  // What an empty field means, said in words, so the default never looks like a saved value.
  const hint = `${field.help} Empty: ${setting.defaultValue}${isSiteItself ? ' (this site)' : ''}`;
  return (
    <TextField
      control={form.control}
      name={field.key}
      label={field.label}
      optional
      hint={hint}
      groupClassName={field.kind === 'multiline' ? 'settings-field--wide' : undefined}
      type={field.kind === 'url' ? 'url' : 'text'}
      fill
      {...(field.kind === 'multiline' ? { multiline: true as const, rows: 3, autoResize: true } : {})}
    />
  );
}
