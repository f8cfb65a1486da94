import type { AdminSubmission } from '@msp/shared/browser';
import { useEffect, useState } from 'react';

/**
 * The rows ticked for a change to several at once. Ticks belong to the rows on screen: another
 * page or filter (`listKey`) starts with none.
 */
export function useCheckedRows(rows: readonly AdminSubmission[] | undefined, listKey: string) {
  const [checkedIds, setCheckedIds] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setCheckedIds(new Set()), [listKey]);
  const check = (submission: AdminSubmission, checked: boolean) =>
    setCheckedIds((ids) => {
      const next = new Set(ids);
      if (checked) next.add(submission.id);
      else next.delete(submission.id);
      return next;
    });
  const checkAll = (checked: boolean) =>
    setCheckedIds(new Set(checked ? (rows ?? []).map((submission) => submission.id) : []));
  return { checkedIds, check, checkAll, clear: () => setCheckedIds(new Set()) };
}
