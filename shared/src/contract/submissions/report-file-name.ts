/**
 * The name of a submission's PDF report: msp-automation-report-<company>-<day submitted>.pdf, the
 * company folded to lowercase ASCII letters, digits and hyphens (left out when there is none). The
 * server sends it in Content-Disposition; the clients offer the same name where a host asks where
 * to save before the file arrives.
 */
export function reportFileName({
  company,
  submittedAt,
}: {
  company?: string | null | undefined;
  submittedAt: string | Date;
}): string {
  const slug = (company ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  const date = new Date(submittedAt);
  const day = Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
  return `${['msp-automation-report', slug, day].filter(Boolean).join('-')}.pdf`;
}
