import { Card, Classes, Icon, type Intent } from '@blueprintjs/core';
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

/**
 * A centred message with an icon, a heading, a description and actions: empty, error and access
 * states. Blueprint's NonIdealState look, in its classes rather than the component: the component
 * makes every title an h4, and a state that is the whole screen is its h1.
 */
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
      <Icon
        icon={icon}
        size={48}
        intent={intent}
        className={`${Classes.NON_IDEAL_STATE_VISUAL} ${intent === 'none' ? Classes.ICON_MUTED : ''}`}
        aria-hidden
      />
      <div className={Classes.NON_IDEAL_STATE_TEXT}>
        <Heading id={headingId} className={`${Classes.HEADING} admin-state__title`}>
          {title}
        </Heading>
        {description && <div className="admin-wrap">{description}</div>}
      </div>
      {actions && <div className="admin-inline admin-state__actions">{actions}</div>}
      {children}
    </>
  );
  const className = `${Classes.NON_IDEAL_STATE} admin-state`;
  return framed ? (
    <Card className={className} role="region" aria-labelledby={headingId}>
      {content}
    </Card>
  ) : (
    <section className={className} aria-labelledby={headingId}>
      {content}
    </section>
  );
}
