import { Card } from '@blueprintjs/core';
import type { HTMLAttributes } from 'react';

export interface AdminPanelProps extends HTMLAttributes<HTMLDivElement> {
  /**
   * A plain block instead of a card: on narrow screens, where the list inside is cards of its own
   * and a card around cards would only frame them twice.
   */
  bare?: boolean;
}

/** A card holding a list or a table under a title row (`admin-panel` in admin-page.css). */
export function AdminPanel({ bare = false, className, ...props }: AdminPanelProps) {
  const classes = ['admin-panel', bare && 'admin-panel--bare', className].filter(Boolean).join(' ');
  return bare ? <div className={classes} {...props} /> : <Card className={classes} {...props} />;
}
