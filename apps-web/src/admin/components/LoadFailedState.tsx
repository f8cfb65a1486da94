import { Button, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { AdminState } from './AdminState.js';

export interface LoadFailedStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** The read that failed: Try again fetches it anew and spins while it does. */
  query: { isFetching: boolean; refetch: () => unknown };
}

/** A screen's read failed: what failed, why, and Try again. */
export function LoadFailedState({ title, description, query }: LoadFailedStateProps) {
  return (
    <AdminState
      headingLevel={2}
      icon={IconNames.ERROR}
      intent={Intent.DANGER}
      title={title}
      description={description}
      actions={
        <Button
          icon={IconNames.REFRESH}
          text="Try again"
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        />
      }
    />
  );
}
