import { Spinner } from '@blueprintjs/core';

/** Centered spinner for a page or chunk that is loading. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-spinner" role="status" aria-label={label}>
      <Spinner size={40} />
    </div>
  );
}
