import { Button, FormGroup, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import {
  LOGO_MAX_BYTES,
  LOGO_UPLOAD_TYPES,
  type PaperSize,
  type SiteSetting,
  type SiteSettingKey,
} from '@msp/shared/browser';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useWatch, type useForm } from 'react-hook-form';
import { errorText } from '../../../lib/api-errors.js';
import { TextField } from '../../components/form/index.js';
import { CoverPreview } from './CoverPreview.js';
import { useLogo, useLogoImage, useRemoveLogo, useUploadLogo } from './queries.js';
import type { SettingField, SettingsValues } from './settings-form.js';

type Form = ReturnType<typeof useForm<SettingsValues>>;

/** `#rgb` or `#rrggbb` as the server stores it, lowercase `#rrggbb`; null for anything else. */
export function normalizedColor(text: string | undefined): string | null {
  const value = (text ?? '').trim();
  if (/^#[0-9a-f]{6}$/i.test(value)) return value.toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(value))
    return `#${[...value.slice(1)].map((digit) => digit + digit).join('')}`.toLowerCase();
  return null;
}

/** The accent colour: a colour picker beside the hex text, both bound to the one setting. */
export function ColorSetting({
  field,
  setting,
  form,
}: {
  field: SettingField;
  setting: SiteSetting;
  form: Form;
}) {
  const typed = useWatch({ control: form.control, name: 'accentColor' });
  const shown = normalizedColor(typed) ?? (typed ? setting.value : setting.defaultValue);
  const picker = (
    <input
      type="color"
      className="color-setting__picker"
      aria-label={`${field.label}: colour picker`}
      value={shown}
      onChange={(event) =>
        form.setValue('accentColor', event.currentTarget.value, { shouldDirty: true, shouldValidate: true })
      }
    />
  );
  return (
    <TextField
      control={form.control}
      name="accentColor"
      label={field.label}
      optional
      hint={`${field.help} Empty: ${setting.defaultValue}`}
      leftElement={picker}
      className="color-setting"
      placeholder={setting.defaultValue}
      spellCheck={false}
      fill
    />
  );
}

function fileAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The file's type as the upload names it, from its type or, failing that, its name. */
function uploadTypeOf(file: File): (typeof LOGO_UPLOAD_TYPES)[number] | null {
  if ((LOGO_UPLOAD_TYPES as readonly string[]).includes(file.type)) return file.type as 'image/png';
  if (/\.svg$/i.test(file.name)) return 'image/svg+xml';
  if (/\.png$/i.test(file.name)) return 'image/png';
  return null;
}

/** The logo: its preview, a file to upload in its place (saved at once), and Remove. */
export function LogoField() {
  const id = useId();
  const logo = useLogo();
  const stored = logo.data?.logo ?? null;
  const image = useLogoImage(stored?.url);
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const type = uploadTypeOf(file);
    if (!type) return setProblem('Choose a PNG or SVG file.');
    if (file.size > LOGO_MAX_BYTES) return setProblem(`The file is over ${LOGO_MAX_BYTES / 1024} KB.`);
    setProblem(null);
    try {
      await upload.mutateAsync({ type, data: await fileAsBase64(file) });
    } catch (error) {
      setProblem(errorText(error));
    }
  };

  return (
    <FormGroup
      label="Logo"
      labelFor={id}
      className="settings-field--wide"
      intent={problem ? Intent.DANGER : Intent.NONE}
      helperText={
        problem ??
        'A PNG or SVG of at most 512 KB. An SVG is turned into a picture on upload: nothing in it runs or loads anything.'
      }
    >
      <div className="logo-field">
        <div className="logo-field__preview" aria-live="polite">
          {stored && image.data ? (
            <img src={image.data} alt="The current logo" width={stored.width} height={stored.height} />
          ) : (
            <span className="admin-note">{logo.isPending ? 'Loading…' : 'No logo'}</span>
          )}
        </div>
        <div className="logo-field__actions">
          {/* The file input itself stays out of sight (its own look cannot be styled to the
              theme); the button opens it, and the label names it. */}
          <input
            ref={fileInput}
            id={id}
            type="file"
            className="logo-field__input"
            tabIndex={-1}
            accept=".png,.svg,image/png,image/svg+xml"
            onChange={(event) => void onFile(event)}
          />
          <Button
            icon={IconNames.UPLOAD}
            text={stored ? 'Replace logo…' : 'Choose logo…'}
            loading={upload.isPending}
            onClick={() => fileInput.current?.click()}
          />
          {stored && (
            <Button
              icon={IconNames.TRASH}
              text="Remove logo"
              intent={Intent.DANGER}
              variant="outlined"
              loading={remove.isPending}
              onClick={() => remove.mutate()}
            />
          )}
        </div>
      </div>
    </FormGroup>
  );
}

/** The report cover's preview, from the form's values as typed and the stored logo. */
export function LiveCoverPreview({
  form,
  current,
  productName,
}: {
  form: Form;
  current: Partial<Record<SiteSettingKey, SiteSetting>>;
  productName: string;
}) {
  const [accent, providerName, paper] = useWatch({
    control: form.control,
    name: ['accentColor', 'providerName', 'reportPaperSize'],
  });
  const stored = useLogo().data?.logo ?? null;
  const image = useLogoImage(stored?.url);
  const fallback = (key: SiteSettingKey) => current[key]?.value ?? '';
  const accentColor =
    normalizedColor(accent) ?? (accent ? fallback('accentColor') : current.accentColor?.defaultValue);
  return (
    <div className="settings-field--wide cover-preview-frame">
      <p className="admin-note">Preview of the report cover, as typed (not saved yet):</p>
      <CoverPreview
        accentColor={accentColor ?? fallback('accentColor')}
        providerName={
          providerName?.trim() ||
          (current.providerName?.source === 'environment'
            ? fallback('providerName')
            : (current.providerName?.defaultValue ?? ''))
        }
        productName={productName}
        paperSize={(paper || fallback('reportPaperSize') || 'a4') as PaperSize}
        logo={stored && image.data ? { src: image.data, width: stored.width, height: stored.height } : null}
      />
    </div>
  );
}
