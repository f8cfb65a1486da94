import type { AdminSubmission } from '@msp/shared/browser';

type DemographicData = AdminSubmission['demographicData'];

/**
 * The demographic keys every questionnaire has, in the order the detail
 * panel lists them, with the label shown when the field list does not name them.
 */
export const KNOWN_FIELDS = [
  { key: 'first_name', label: 'First name' },
  { key: 'last_name', label: 'Last name' },
  { key: 'email_address', label: 'Email' },
  { key: 'company', label: 'Company' },
  { key: 'employee_count', label: 'Number of employees' },
  { key: 'managed_companies', label: 'Managed companies' },
] as const;

const KNOWN_KEYS: ReadonlySet<string> = new Set(KNOWN_FIELDS.map((field) => field.key));

const value = (data: DemographicData, key: string): string | null => data[key]?.trim() || null;

/** "First Last" from the answers, or null when the visitor gave no name. */
export function submitterName(data: DemographicData): string | null {
  const name = [value(data, 'first_name'), value(data, 'last_name')].filter(Boolean).join(' ');
  return name || null;
}

export const submitterEmail = (data: DemographicData): string | null => value(data, 'email_address');

export const submitterCompany = (data: DemographicData): string | null => value(data, 'company');

/** What a list row and the delete confirmation call a submission: its name, else email, else company. */
export function submissionTitle(submission: Pick<AdminSubmission, 'demographicData'>): string {
  const data = submission.demographicData;
  return submitterName(data) ?? submitterEmail(data) ?? submitterCompany(data) ?? 'Anonymous submission';
}

/** "employee_count" -> "Employee count": a readable label for a key no field definition names. */
export function humanizeKey(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

export interface DemographicEntry {
  key: string;
  label: string;
  value: string;
}

/**
 * The visitor's answers about themselves, for the detail panel: the known keys first in their
 * fixed order, then every other key in the order it was stored. Labels come from the current
 * demographic fields where one has that identifier (a renamed field shows its new label), else
 * from the key. Empty answers are left out.
 */
export function demographicEntries(
  data: DemographicData,
  labels: ReadonlyMap<string, string> = new Map(),
): DemographicEntry[] {
  const known = KNOWN_FIELDS.flatMap(({ key, label }) => {
    const answer = value(data, key);
    return answer === null ? [] : [{ key, label: labels.get(key) ?? label, value: answer }];
  });
  const others = Object.keys(data)
    .filter((key) => !KNOWN_KEYS.has(key))
    .flatMap((key) => {
      const answer = value(data, key);
      return answer === null ? [] : [{ key, label: labels.get(key) ?? humanizeKey(key), value: answer }];
    });
  return [...known, ...others];
}

/** The cumulative average (mean of the pillar percentages) with one decimal: "45.3%". */
export function formatAverage(percentage: number): string {
  return `${(Math.round(percentage * 10) / 10).toFixed(1)}%`;
}

const count = new Intl.NumberFormat('en-US');

/** "1 answer", "12 answers". */
export function answerCountText(answers: number): string {
  return `${count.format(answers)} ${answers === 1 ? 'answer' : 'answers'}`;
}

type Attribution = AdminSubmission['attribution'];

/**
 * What the list's Source shows: the campaign's utm_source, else the referring site (a referral),
 * else "(direct)" for a visit that brought neither.
 */
export function sourceLabel(attribution: Attribution): string {
  if (attribution.source) return attribution.source;
  if (attribution.referrer) return `${attribution.referrer} (referral)`;
  return '(direct)';
}

/** The detail's Source entries: each recorded value with its label, in the order of the contract. */
export const ATTRIBUTION_LABELS: readonly { key: keyof Attribution; label: string }[] = [
  { key: 'source', label: 'Source' },
  { key: 'medium', label: 'Medium' },
  { key: 'campaign', label: 'Campaign' },
  { key: 'term', label: 'Term' },
  { key: 'content', label: 'Content' },
  { key: 'ref', label: 'Referral code' },
  { key: 'referrer', label: 'Referring site' },
  { key: 'landingPath', label: 'Landing page' },
];

export function attributionEntries(
  attribution: Attribution,
): { key: string; label: string; value: string }[] {
  return ATTRIBUTION_LABELS.flatMap(({ key, label }) => {
    const value = attribution[key];
    return value ? [{ key, label, value }] : [];
  });
}
