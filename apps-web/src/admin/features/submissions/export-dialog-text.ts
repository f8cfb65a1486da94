import { EXPORT_TRANSPOSE_MAX } from '@msp/shared';
import { ALL_DOMAINS } from './export-form.js';

const units = ['bytes', 'KB', 'MB', 'GB'] as const;

/** "12.4 KB". */
export function sizeText(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

/** A domain with how many submissions it has. */
export interface DomainCount {
  domain: string;
  submissions: number;
}

/**
 * The domain select's options: All domains (the dialog's default, so always there; counted once
 * the domains are in), then each domain with its count.
 */
export function domainOptions(domains: readonly DomainCount[] | undefined, loading: boolean) {
  const everySubmission = (domains ?? []).reduce((sum, entry) => sum + entry.submissions, 0);
  return [
    {
      value: ALL_DOMAINS,
      label: loading ? 'All domains (loading…)' : `All domains (${everySubmission.toLocaleString('en-US')})`,
    },
    ...(domains ?? []).map((entry) => ({
      value: entry.domain,
      label: `${entry.domain} (${entry.submissions})`,
    })),
  ];
}

/** What the Submitters field says under itself: who the export includes. */
export function submittersHint(domain: string, emailsFailed: boolean, chosen: readonly string[]): string {
  if (domain === ALL_DOMAINS)
    return 'All domains includes every submitter; choose one domain to pick submitters.';
  if (emailsFailed) return 'The submitters could not be loaded; the export includes all of them.';
  if (chosen.length === 0) return 'None chosen: everyone at the domain.';
  return `Only ${chosen.length === 1 ? 'this submitter' : `these ${chosen.length} submitters`}.`;
}

/**
 * What the Domain select says under itself when the domains cannot be chosen from: why they could
 * not be listed, or that there is nothing to export. All domains is said by the intro and the layout.
 */
export function domainHint(domains: readonly DomainCount[] | undefined, failed: boolean) {
  if (failed) return 'The domains could not be loaded.';
  if (domains?.length === 0) return 'No submissions yet, so there is nothing to export.';
  return undefined;
}

/** What the layout says under itself when one column per submission cannot be chosen. */
export function layoutHint(allDomains: boolean, tooManyToTranspose: boolean): string | undefined {
  if (allDomains) return 'All domains: one row per submission; choose one domain for a column each.';
  if (tooManyToTranspose)
    return `One column per submission holds at most ${EXPORT_TRANSPOSE_MAX.toLocaleString('en-US')}; choose submitters to use it.`;
  return undefined;
}
