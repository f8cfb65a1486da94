import { Classes } from '@blueprintjs/core';
import type { AuditEvent } from '@msp/shared/browser';
import { summaryLines } from './summary-text.js';

/** A record's details, field by field; a dash when it has none. */
export function AuditSummaryText({ summary }: { summary: AuditEvent['summary'] }) {
  const lines = summaryLines(summary);
  if (lines.length === 0) return <span className={Classes.TEXT_MUTED}>—</span>;
  return (
    <span className="admin-inline admin-wrap">
      {lines.map(([field, text]) => (
        <span key={field}>
          <span className={Classes.TEXT_MUTED}>{field}:</span> {text}
        </span>
      ))}
    </span>
  );
}
