import {
  Button,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  Intent,
  ProgressBar,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { EXPORT_TRANSPOSE_MAX } from '@msp/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { SaveFileProgress } from '../../../platform/platform.js';
import { ChipsField } from '../../components/form/ChipsField.js';
import { DateField } from '../../components/form/index.js';
import {
  EXPORT_FORM_DEFAULTS,
  exportFormSchema,
  transposeFits,
  type ExportFormValues,
} from './export-form.js';
import { useExportSubmissions } from './export-queries.js';
import { useDomainEmails, useSubmissionDomains } from './queries.js';

export interface ExportSubmissionsDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

const units = ['bytes', 'KB', 'MB', 'GB'] as const;
/** "12.4 KB". */
function sizeText(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/**
 * The export dialog (spec 2): a date range, the domain, the domain's submitters as chips (none
 * chosen exports all of them), the layout and CSV or XLSX. The file streams through the host; the
 * dialog shows the progress and Cancel stops it.
 */
export default function ExportSubmissionsDialog({ isOpen, onClose }: ExportSubmissionsDialogProps) {
  const id = useId();
  const form = useForm<ExportFormValues>({
    defaultValues: EXPORT_FORM_DEFAULTS,
    resolver: zodResolver(exportFormSchema),
  });
  const { errors } = form.formState;
  const domain = useWatch({ control: form.control, name: 'domain' });
  const chosenEmails = useWatch({ control: form.control, name: 'submitterEmails' });

  const domains = useSubmissionDomains();
  const emails = useDomainEmails(domain);
  const run = useExportSubmissions();
  const [progress, setProgress] = useState<SaveFileProgress | null>(null);
  const abort = useRef<AbortController | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    abort.current = new AbortController();
    setProgress({ loadedBytes: 0, totalBytes: null });
    try {
      const saved = await run.mutateAsync({ values, onProgress: setProgress, signal: abort.current.signal });
      if (saved.status === 'saved') onClose();
    } catch {
      // The toast has said why; the form stays as it was, to try again.
    } finally {
      abort.current = null;
      setProgress(null);
    }
  });

  const cancel = () => {
    if (abort.current) abort.current.abort();
    else onClose();
  };

  const fieldId = (name: string) => `${id}-${name}`;
  const busy = run.isPending;

  // One column per submission stops at EXPORT_TRANSPOSE_MAX; a larger domain with nobody chosen
  // would only be refused, so the layout falls back to one row per submission.
  const domainSize = domains.data?.domains.find((entry) => entry.domain === domain)?.submissions ?? 0;
  const tooManyToTranspose = !transposeFits(domainSize, chosenEmails);
  useEffect(() => {
    if (tooManyToTranspose) form.setValue('transpose', false);
  }, [tooManyToTranspose, form]);

  const domainOptions = [
    { value: '', label: domains.isPending ? 'Loading domains…' : 'Select a domain' },
    ...(domains.data?.domains ?? []).map((entry) => ({
      value: entry.domain,
      label: `${entry.domain} (${entry.submissions})`,
    })),
  ];

  return (
    <Dialog
      isOpen={isOpen}
      onClose={cancel}
      onClosed={() => {
        form.reset(EXPORT_FORM_DEFAULTS);
        run.reset();
      }}
      title="Export Submissions"
      icon={IconNames.EXPORT}
      className="export-dialog"
      canOutsideClickClose={!busy}
      canEscapeKeyClose={!busy}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <DialogBody>
          <p className="export-dialog__intro">
            Export the submissions of one email domain. Leave the dates empty for all time, and choose no
            submitters to include everyone at the domain.
          </p>
          <div className="export-dialog__row">
            <DateField control={form.control} name="startDate" label="Start date" disabled={busy} />
            <DateField control={form.control} name="endDate" label="End date" disabled={busy} />
          </div>

          <FormGroup
            label="Domain"
            labelFor={fieldId('domain')}
            labelInfo="(required)"
            intent={errors.domain || domains.isError ? Intent.DANGER : Intent.NONE}
            helperText={
              errors.domain?.message ??
              (domains.isError
                ? 'The domains could not be loaded.'
                : domains.data?.domains.length === 0
                  ? 'No submissions yet, so there is nothing to export.'
                  : undefined)
            }
          >
            <Controller
              control={form.control}
              name="domain"
              render={({ field }) => (
                <HTMLSelect
                  id={fieldId('domain')}
                  fill
                  options={domainOptions}
                  disabled={busy || domains.isPending}
                  aria-invalid={errors.domain ? true : undefined}
                  value={field.value}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  onChange={(event) => {
                    field.onChange(event.currentTarget.value);
                    // Another domain has other submitters.
                    form.setValue('submitterEmails', []);
                  }}
                />
              )}
            />
            {domains.isError && (
              <Button
                className="export-dialog__retry"
                size="small"
                variant="minimal"
                icon={IconNames.REFRESH}
                text="Try again"
                onClick={() => void domains.refetch()}
              />
            )}
          </FormGroup>

          <ChipsField
            control={form.control}
            name="submitterEmails"
            label="Submitters"
            hint={
              !domain
                ? 'Choose a domain first.'
                : emails.isError
                  ? 'The submitters could not be loaded; the export includes all of them.'
                  : chosenEmails.length === 0
                    ? 'None chosen: everyone at the domain.'
                    : `Only ${chosenEmails.length === 1 ? 'this submitter' : `these ${chosenEmails.length} submitters`}.`
            }
            items={emails.data?.emails ?? []}
            noResultsText={emails.isPending ? 'Loading submitters…' : 'No matching submitters'}
            placeholder={domain ? 'All submitters — type to filter' : 'Choose a domain first'}
            disabled={busy || !domain}
          />

          <div className="export-dialog__row">
            <Controller
              control={form.control}
              name="format"
              render={({ field }) => (
                <RadioGroup
                  label="Format"
                  name={fieldId('format')}
                  selectedValue={field.value}
                  disabled={busy}
                  onChange={(event) => field.onChange(event.currentTarget.value)}
                  inline
                >
                  <Radio value="csv" label="CSV" />
                  <Radio value="xlsx" label="Excel (XLSX)" />
                </RadioGroup>
              )}
            />
            <Controller
              control={form.control}
              name="transpose"
              render={({ field }) => (
                <FormGroup
                  label="Layout"
                  helperText={
                    tooManyToTranspose
                      ? `One column per submission holds at most ${EXPORT_TRANSPOSE_MAX.toLocaleString('en-US')}; choose submitters to use it.`
                      : undefined
                  }
                >
                  <Checkbox
                    checked={field.value}
                    disabled={busy || tooManyToTranspose}
                    label="One column per submission"
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                  />
                </FormGroup>
              )}
            />
          </div>

          {progress && (
            <div className="export-dialog__progress" role="status">
              <ProgressBar
                intent={Intent.PRIMARY}
                value={progress.totalBytes ? progress.loadedBytes / progress.totalBytes : undefined}
              />
              <span>
                {progress.loadedBytes > 0
                  ? `Downloaded ${sizeText(progress.loadedBytes)}`
                  : 'Preparing the export…'}
              </span>
            </div>
          )}
        </DialogBody>
        {/* Not the portal's FormDialogFooter: here Cancel stays live during the save, to stop the download. */}
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={cancel} />
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                icon={IconNames.DOWNLOAD}
                text="Export"
                loading={busy}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
