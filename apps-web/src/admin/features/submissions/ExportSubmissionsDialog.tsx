import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { ChipsField } from '../../components/form/ChipsField.js';
import { CheckboxField, DateField, RadioGroupField, SelectField } from '../../components/form/index.js';
import { domainHint, domainOptions, layoutHint, submittersHint } from './export-dialog-text.js';
import { ExportStatus } from './ExportStatus.js';
import { useExportDialog } from './use-export-dialog.js';
import { useOfferedLanguages } from '../../lib/languages.js';
import { attributionText, type AttributionValues } from './use-submissions-filters.js';

const FORMAT_OPTIONS = [
  { value: 'csv', label: 'CSV' },
  { value: 'xlsx', label: 'Excel (XLSX)' },
] as const;

export interface ExportSubmissionsDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** The list's attribution filters: the export holds only what the list is narrowed to. */
  attribution: AttributionValues;
  /** The list's language, the one the dialog starts with; empty for every language. */
  language: string;
}

/**
 * The export dialog: a date range, the domain (or All domains), the domain's submitters
 * as chips (none chosen exports all of them), the layout and CSV or XLSX. The file streams through
 * the host: in a browser, its download manager (with its own progress and cancel) once the server
 * has said the export will start; on desktop, to disk with the dialog's progress, Cancel stopping
 * it. A filter that matches nothing, or a server busy with other exports, is said here, and the
 * dialog stays open to change it or try again.
 */
export default function ExportSubmissionsDialog({
  isOpen,
  onClose,
  attribution,
  language,
}: ExportSubmissionsDialogProps) {
  const state = useExportDialog(onClose, attribution, language);
  const languages = useOfferedLanguages(language);
  const narrowedTo = attributionText(attribution);
  const { form, domains, emails, busy, allDomains, cancel } = state;

  return (
    <Dialog
      isOpen={isOpen}
      onClose={cancel}
      onClosed={state.reset}
      title="Export Submissions"
      icon={IconNames.EXPORT}
      className="admin-dialog export-dialog"
      canOutsideClickClose={!busy}
      canEscapeKeyClose={!busy}
    >
      <form onSubmit={(event) => void state.submit(event)} noValidate>
        <DialogBody>
          <p className="admin-intro">
            Export every submission, one row each, or choose one email domain. Leave the dates empty for all
            time, and choose no submitters to include everyone at the domain.
          </p>
          {narrowedTo && (
            <Callout intent={Intent.PRIMARY} icon={IconNames.FILTER} className="export-dialog__filters">
              As the list is filtered: only submissions with {narrowedTo}.
            </Callout>
          )}
          <div className="admin-dialog__row">
            <DateField control={form.control} name="startDate" label="Start date" disabled={busy} />
            <DateField control={form.control} name="endDate" label="End date" disabled={busy} />
          </div>

          <SelectField
            control={form.control}
            name="domain"
            label="Domain"
            fill
            options={domainOptions(domains.data?.domains, domains.isPending)}
            // Another domain has other submitters.
            onValueChange={() => form.setValue('submitterEmails', [])}
            disabled={busy || domains.isPending}
            hint={domainHint(domains.data?.domains, domains.isError)}
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

          <SelectField
            control={form.control}
            name="language"
            label="Language"
            fill
            options={[
              { value: '', label: 'All languages' },
              ...languages.map(({ tag, label }) => ({ value: tag, label })),
            ]}
            disabled={busy}
            hint="The language each submission was taken in. Every file reads in the default language, with a Language column."
          />

          <ChipsField
            control={form.control}
            name="submitterEmails"
            label="Submitters"
            hint={submittersHint(state.domain, emails.isError, state.chosenEmails)}
            items={emails.data?.emails ?? []}
            noResultsText={emails.isPending ? 'Loading submitters…' : 'No matching submitters'}
            placeholder={allDomains ? 'Choose one domain first' : 'All submitters — type to filter'}
            disabled={busy || allDomains}
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
              disabled={busy || state.rowsOnly}
              hint={layoutHint(allDomains, state.tooManyToTranspose)}
            />
          </div>

          <ExportStatus
            nothingMatches={state.nothingMatches}
            serverBusy={state.serverBusy}
            messageRef={state.messageRef}
            progress={state.progress}
          />
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
