import { Button, Classes } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { Pagination } from '@msp/shared/browser';
import './Pager.css';

const count = new Intl.NumberFormat('en-US');

export interface PagerProps {
  pagination: Pagination;
  /** While the next page loads: the buttons wait. */
  loading: boolean;
  onPage: (page: number) => void;
  /** What the pages are of, for screen readers: "Pages of submissions". */
  label: string;
}

/**
 * "26–50 of 1,234" with Previous and Next, under a paged list; "of more than 10,000" when the
 * server stopped counting there.
 */
export function Pager({ pagination, loading, onPage, label }: PagerProps) {
  const { page, pageSize, total, totalPages, totalCapped } = pagination;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="admin-inline admin-pager" aria-label={label}>
      <span className={Classes.TEXT_MUTED} aria-live="polite">
        {count.format(first)}–{count.format(last)} of {totalCapped ? 'more than ' : ''}
        {count.format(total)}
      </span>
      <div className="admin-inline">
        <Button
          variant="minimal"
          icon={IconNames.CHEVRON_LEFT}
          text="Previous"
          disabled={page <= 1 || loading}
          onClick={() => onPage(page - 1)}
        />
        <span>
          Page {count.format(page)} of {count.format(Math.max(1, totalPages))}
        </span>
        <Button
          variant="minimal"
          endIcon={IconNames.CHEVRON_RIGHT}
          text="Next"
          disabled={page >= totalPages || loading}
          onClick={() => onPage(page + 1)}
        />
      </div>
    </nav>
  );
}
