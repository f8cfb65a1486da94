import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { errorBody } from '../../../lib/api-errors.js';
import type { SaveFileProgress } from '../../../platform/platform.js';
import {
  ALL_DOMAINS,
  EXPORT_FORM_DEFAULTS,
  exportFormSchema,
  transposeFits,
  type ExportFormValues,
} from './export-form.js';
import { isExportBusy, isNothingToExport, useExportSubmissions } from './export-queries.js';
import { useDomainEmails, useSubmissionDomains } from './queries.js';
import type { AttributionValues } from './use-submissions-filters.js';

/** Said when the server finds no submission for the filter and its answer gives no words of its own. */
const NOTHING_MATCHES = 'No submissions match these filters, so there is no file to save.';
/** Said when the server already runs its exports and its answer gives no words of its own. */
const SERVER_BUSY =
  'The server is busy with other exports. Yours has not started; try again in a few seconds.';

/**
 * The export dialog's state: the form and the lists it chooses from, the export under way with its
 * progress and Cancel, and the server's refusals (nothing matches, busy), which stay on screen
 * until the filter changes or the next try.
 */
export function useExportDialog(onClose: () => void, attribution: AttributionValues, language: string) {
  const form = useForm<ExportFormValues>({
    defaultValues: { ...EXPORT_FORM_DEFAULTS, language },
    resolver: zodResolver(exportFormSchema),
  });
  const domain = useWatch({ control: form.control, name: 'domain' });
  const chosenEmails = useWatch({ control: form.control, name: 'submitterEmails' });
  const allDomains = domain === ALL_DOMAINS;

  const domains = useSubmissionDomains();
  const emails = useDomainEmails(allDomains ? '' : domain);
  const run = useExportSubmissions();
  const [progress, setProgress] = useState<SaveFileProgress | null>(null);
  const [nothingMatches, setNothingMatches] = useState<string | null>(null);
  const [serverBusy, setServerBusy] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);

  // The answer was about the filter as it was; once it changes, it no longer holds.
  useEffect(() => {
    const { unsubscribe } = form.watch(() => setNothingMatches(null));
    return unsubscribe;
  }, [form]);

  // On a phone the dialog's body scrolls, and the message would appear below its fold.
  useEffect(() => {
    if (nothingMatches || serverBusy) messageRef.current?.scrollIntoView({ block: 'nearest' });
  }, [nothingMatches, serverBusy]);

  const submit = form.handleSubmit(async (values) => {
    abort.current = new AbortController();
    setNothingMatches(null);
    setServerBusy(null);
    setProgress({ loadedBytes: 0, totalBytes: null });
    try {
      const saved = await run.mutateAsync({
        values,
        attribution,
        onProgress: setProgress,
        signal: abort.current.signal,
      });
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

  // One column per submission stops at EXPORT_TRANSPOSE_MAX; a larger domain with nobody chosen
  // would only be refused, so the layout falls back to one row per submission. All domains is
  // always a row each: columns would set unrelated companies side by side.
  const domainSize = domains.data?.domains.find((entry) => entry.domain === domain)?.submissions ?? 0;
  const tooManyToTranspose = !transposeFits(domainSize, chosenEmails);
  const rowsOnly = allDomains || tooManyToTranspose;
  useEffect(() => {
    if (rowsOnly) form.setValue('transpose', false);
  }, [rowsOnly, form]);

  // The language starts as the list's, and follows it while the dialog is closed.
  useEffect(() => {
    form.setValue('language', language);
  }, [language, form]);

  /** After the dialog has closed: the next opening starts afresh, in the list's language. */
  const reset = () => {
    form.reset({ ...EXPORT_FORM_DEFAULTS, language });
    run.reset();
  };

  return {
    form,
    domain,
    chosenEmails,
    allDomains,
    domains,
    emails,
    busy: run.isPending,
    progress,
    nothingMatches,
    serverBusy,
    messageRef,
    submit,
    cancel,
    reset,
    rowsOnly,
    tooManyToTranspose,
  };
}
