import { levelName, type MaturityLevel, type NotificationFilter } from '@msp/shared';
import type { Executor } from '../../db/knex.js';

/**
 * A submission as a lead email or chat message tells of it: no more than the admin's list shows
 * of it (the person's name, their company, the levels, where they came from), and the link to it.
 */
export interface LeadSummary {
  id: string;
  submittedAt: Date;
  name: string;
  company: string;
  overallLevel: MaturityLevel;
  pillars: { name: string; level: MaturityLevel }[];
  source: string | null;
  campaign: string | null;
  /** The lead's place in the admin. */
  url: string;
}

interface SummaryRow {
  id: string;
  submitted_at: Date;
  demographic_data: Record<string, string>;
  overall_level: number;
  utm_source: string | null;
  utm_campaign: string | null;
}

/** The admin's page of one submission. */
export function adminSubmissionUrl(publicUrl: string, id: string): string {
  return `${publicUrl}/admin/submissions?id=${id}`;
}

/** "Level 2 Advanced". */
export function levelText(level: number): string {
  return `Level ${level} ${levelName(level)}`;
}

/** The given submissions as leads, in the order asked; one no longer there is left out. */
export async function leadSummaries(
  db: Executor,
  ids: readonly string[],
  publicUrl: string,
): Promise<LeadSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db('submissions')
    .whereIn('id', ids)
    .select<SummaryRow[]>(
      'id',
      'submitted_at',
      'demographic_data',
      'overall_level',
      'utm_source',
      'utm_campaign',
    );
  const levels = new Map<string, LeadSummary['pillars']>();
  const pillarRows = await db('submission_pillar_scores')
    .whereIn('submission_id', ids)
    .orderBy([{ column: 'pillar_order' }, { column: 'pillar_id' }])
    .select<{ submission_id: string; pillar_name: string; level: number }[]>(
      'submission_id',
      'pillar_name',
      'level',
    );
  for (const row of pillarRows) {
    const list = levels.get(row.submission_id) ?? [];
    list.push({ name: row.pillar_name, level: row.level as MaturityLevel });
    levels.set(row.submission_id, list);
  }
  const byId = new Map(
    rows.map((row) => {
      const data = row.demographic_data;
      const name = [data.first_name, data.last_name].filter(Boolean).join(' ').trim();
      return [
        row.id,
        {
          id: row.id,
          submittedAt: new Date(row.submitted_at),
          name: name || 'Someone',
          company: data.company?.trim() || 'A company',
          overallLevel: row.overall_level as MaturityLevel,
          pillars: levels.get(row.id) ?? [],
          source: row.utm_source,
          campaign: row.utm_campaign,
          url: adminSubmissionUrl(publicUrl, row.id),
        } satisfies LeadSummary,
      ];
    }),
  );
  return ids.flatMap((id) => {
    const summary = byId.get(id);
    return summary ? [summary] : [];
  });
}

/** What a filter is checked against: the submission's own values. */
export interface FilteredValues {
  overall_level: number;
  utm_source: string | null;
  utm_campaign: string | null;
  demographic_data: Record<string, string>;
}

/** Whether a submission is one an administrator's filter asks for: every part given holds. */
export function matchesFilter(filter: NotificationFilter, values: FilteredValues): boolean {
  if (filter.overallLevels.length > 0 && !filter.overallLevels.includes(values.overall_level)) return false;
  if (filter.source && filter.source !== (values.utm_source ?? '')) return false;
  if (filter.campaign && filter.campaign !== (values.utm_campaign ?? '')) return false;
  return Object.entries(filter.demographics).every(
    ([field, wanted]) => (values.demographic_data[field] ?? '').trim() === wanted,
  );
}
