import { Card, Classes } from '@blueprintjs/core';

export interface ListSkeletonProps {
  /** What is loading, for assistive technology ("Loading pillars"). */
  label: string;
  /** The list's and cards' own classes, so the placeholders take the real layout. */
  listClassName: string;
  cardClassName: string;
  count?: number;
  /** Plain rows rather than cards, for a list whose items are rows inside one card. */
  bare?: boolean;
}

/** Placeholder cards in a list's own layout while the list loads. */
export function ListSkeleton({
  label,
  listClassName,
  cardClassName,
  count = 4,
  bare = false,
}: ListSkeletonProps) {
  const Item = bare ? 'div' : Card;
  return (
    <div className={listClassName} role="status" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <Item key={index} className={cardClassName} aria-hidden>
          <span className={`skeleton-line skeleton-line--short ${Classes.SKELETON}`} />
          <span className={`skeleton-line ${Classes.SKELETON}`} />
          <span className={`skeleton-line ${Classes.SKELETON}`} />
        </Item>
      ))}
    </div>
  );
}
