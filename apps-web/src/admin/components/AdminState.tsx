import { Card, Icon, type Intent } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { useId, type ReactNode } from 'react';

export interface AdminStateProps {
  icon: IconName;
  intent?: Intent;
  title: ReactNode;
  /** h1 when the state is the whole screen, h2 inside a screen that has its own heading. */
  headingLevel?: 1 | 2;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  /** Framed as a card (access pages), or plain (states inside a screen). */
  framed?: boolean;
}

/** A centred message with an icon, a heading, a description and actions: empty, error and access states. */
export function AdminState({
  icon,
  intent = 'none',
  title,
  headingLevel = 1,
  description,
  actions,
  children,
  framed = false,
}: AdminStateProps) {
  const headingId = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const content = (
    <>
      <div className={`admin-state__icon admin-state__icon--${intent}`} aria-hidden>
        <Icon icon={icon} size={28} />
      </div>
      <Heading id={headingId} className="admin-state__title">
        {title}
      </Heading>
      {description && <div className="admin-state__description">{description}</div>}
      {actions && <div className="admin-state__actions">{actions}</div>}
      {children}
    </>
  );
  return framed ? (
    <Card className="admin-state admin-state--framed" role="region" aria-labelledby={headingId}>
      {content}
    </Card>
  ) : (
    <section className="admin-state" aria-labelledby={headingId}>
      {content}
    </section>
  );
}
