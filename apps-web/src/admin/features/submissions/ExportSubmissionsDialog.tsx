import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent, ProgressBar } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { EXPORT_TRANSPOSE_MAX } from '@msp/shared';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { errorBody } from '../../../lib/api-errors.js';
import type { SaveFileProgress } from '../../../platform/platform.js';
import { ChipsField } from '../../components/form/ChipsField.js';
import { CheckboxField, DateField, RadioGroupField, SelectField } from '../../components/form/index.js';
import {
  ALL_DOMAINS,
  EXPORT_FORM_DEFAULTS,
  exportFormSchema,
  transposeFits,
  type ExportFormValues,
} from './export-form.js';
import { isExportBusy, isNothingToExport, useExportSubmissions } from './export-queries.js';
import { useDomainEmails, useSubmissionDomains } from './queries.js';

const FORMAT_OPTIONS = [
  { value: 'csv', label: 'CSV' },
  { value: 'xlsx', label: 'Excel (XLSX)' },
] as const;

/** Said when the server finds no submission for the filter and its answer gives no words of its own. */
const NOTHING_MATCHES = 'No submissions match these filters, so there is no file to save.';
/** Said when the server already runs its exports and its answer gives no words of its own. */
const SERVER_BUSY =
  'The server is busy with other exports. Yours has not started; try again in a few seconds.';

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
 * The export dialog (spec 2): a date range, the domain (or All domains), the domain's submitters
 * as chips (none chosen exports all of them), the layout and CSV or XLSX. The file streams through
 * the host: in a browser, its download manager (with its own progress and cancel) once the server
 * has said the export will start; on desktop, to disk with the dialog's progress, Cancel stopping
 * it. A filter that matches nothing, or a server busy with other exports, is said here, and the
 * dialog stays open to change it or try again.
 */
export default function ExportSubmissionsDialog({ isOpen, onClose }: ExportSubmissionsDialogProps) {
  const form = useForm<ExportFormValues>({
    defaultValues: EXPORT_FORM_DEFAULTS,
    resolver: zodResolver(exportFormSchema),
  });
  const domain = useWatch({ control: form.control, name: 'domain' });
  const chosenEmails = useWatch({ control: form.control, name: 'submitterEmails' });
  const allDomains = domain === ALL_DOMAINS;
  const domainChosen = domain !== '' && !allDomains;

  const domains = useSubmissionDomains();
  const emails = useDomainEmails(domainChosen ? domain : '');
  const run = useExportSubmissions();
  const [progress, setProgress] = useState<SaveFileProgress | null>(null);
  const [nothingMatches, setNothingMatches] = useState<string | null>(null);
  const [serverBusy, setServerBusy] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const nothingMatchesRef = useRef<HTMLDivElement>(null);

  // The answer was about the filter as it was; once it changes, it no longer holds.
  useEffect(() => {
    const { unsubscribe } = form.watch(() => setNothingMatches(null));
    return unsubscribe;
  }, [form]);

  // On a phone the dialog's body scrolls, and the message would appear below its fold.
  useEffect(() => {
    if (nothingMatches || serverBusy) nothingMatchesRef.current?.scrollIntoView({ block: 'nearest' });
  }, [nothingMatches, serverBusy]);

  const onSubmit = form.handleSubmit(async (values) => {
    abort.current = new AbortController();
    setNothingMatches(null);
    setServerBusy(null);
    setProgress({ loadedBytes: 0, totalBytes: null });
    try {
      const saved = await run.mutateAsync({ values, onProgress: setProgress, signal: abort.current.signal });
      if (saved.status !== 'cancelled') onClose();
    } catch (error) {
      // Other failures the toast has said; the form stays as it was, to try again.
      if (isNothingToExport(error)) setNothingMatches(errorBody(error)?.message ?? NOTHING_MATCHES);
      if (isExportBusy(error)) setServerBusy(errorBody(error)?.message ?? SERVER_BUSY);
    } finally {
      abort.current = null;
      setProgress(null);
    }
  });

  const cancel = () => {
    if (abort.current) abort.current.abort();
    else onClose();
  };

  const busy = run.isPending;

  // One column per submission stops at EXPORT_TRANSPOSE_MAX; a larger domain with nobody chosen
  // would only be refused, so the layout falls back to one row per submission. All domains is
  // always a row each: columns would set unrelated companies side by side.
  const domainSize = domains.data?.domains.find((entry) => entry.domain === domain)?.submissions ?? 0;
  const tooManyToTranspose = !transposeFits(domainSize, chosenEmails);
  const rowsOnly = allDomains || tooManyToTranspose;
  useEffect(() => {
    if (rowsOnly) form.setValue('transpose', false);
  }, [rowsOnly, form]);

  const everySubmission = (domains.data?.domains ?? []).reduce((sum, entry) => sum + entry.submissions, 0);
  const domainOptions = [
    { value: '', label: domains.isPending ? 'Loading domains…' : 'Select a domain' },
    ...(domains.data && domains.data.domains.length > 0
      ? [{ value: ALL_DOMAINS, label: `All domains (${everySubmission})` }]
      : []),
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
      className="admin-dialog export-dialog"
      canOutsideClickClose={!busy}
      canEscapeKeyClose={!busy}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <DialogBody>
          <p className="admin-intro">
            Export the submissions of one email domain, or of all domains with one row per submission. Leave
            the dates empty for all time, and choose no submitters to include everyone at the domain.
          </p>
          <div className="admin-dialog__row">
            <DateField control={form.control} name="startDate" label="Start date" disabled={busy} />
            <DateField control={form.control} name="endDate" label="End date" disabled={busy} />
          </div>

          <SelectField
            control={form.control}
            name="domain"
            label="Domain"
            required
            fill
            options={domainOptions}
            // Another domain has other submitters.
            onValueChange={() => form.setValue('submitterEmails', [])}
            disabled={busy || domains.isPending}
            hint={
              domains.isError
                ? 'The domains could not be loaded.'
                : domains.data?.domains.length === 0
                  ? 'No submissions yet, so there is nothing to export.'
                  : undefined
            }
            helperAddon={
              domains.isError ? (
                <Button
                  size="small"
                  variant="minimal"
                  icon={IconNames.REFRESH}
                  text="Try again"
                  onClick={() => void domains.refetch()}
                />
              ) : undefined
            }
          />

          <ChipsField
            control={form.control}
            name="submitterEmails"
            label="Submitters"
            hint={
              allDomains
                ? 'All domains includes every submitter; choose one domain to pick submitters.'
                : !domain
                  ? 'Choose a domain first.'
                  : emails.isError
                    ? 'The submitters could not be loaded; the export includes all of them.'
                    : chosenEmails.length === 0
                      ? 'None chosen: everyone at the domain.'
                      : `Only ${chosenEmails.length === 1 ? 'this submitter' : `these ${chosenEmails.length} submitters`}.`
            }
            items={emails.data?.emails ?? []}
            noResultsText={emails.isPending ? 'Loading submitters…' : 'No matching submitters'}
            placeholder={domainChosen ? 'All submitters — type to filter' : 'Choose a domain first'}
            disabled={busy || !domainChosen}
          />

          <div className="admin-dialog__row">
            <RadioGroupField
              control={form.control}
              name="format"
              label="Format"
              options={FORMAT_OPTIONS}
              inline
              disabled={busy}
            />
            <CheckboxField
              control={form.control}
              name="transpose"
              groupLabel="Layout"
              label="One column per submission"
              disabled={busy || rowsOnly}
              hint={
                allDomains
                  ? 'All domains: one row per submission.'
                  : tooManyToTranspose
                    ? `One column per submission holds at most ${EXPORT_TRANSPOSE_MAX.toLocaleString('en-US')}; choose submitters to use it.`
                    : undefined
              }
            />
          </div>

          {nothingMatches && (
            <div ref={nothingMatchesRef} className="export-dialog__empty">
              <Callout intent={Intent.WARNING} icon={IconNames.WARNING_SIGN} role="alert">
                {nothingMatches} Widen the dates, or choose other submitters or another domain.
              </Callout>
            </div>
          )}

          {serverBusy && (
            <div ref={nothingMatchesRef} className="export-dialog__empty">
              <Callout intent={Intent.WARNING} icon={IconNames.TIME} role="alert" title="Server busy">
                {serverBusy}
              </Callout>
            </div>
          )}

          {progress && (
            <div className="admin-list admin-note" role="status">
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
