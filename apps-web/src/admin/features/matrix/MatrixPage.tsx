import { Button, Card, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { Pillar } from '@msp/shared/browser';
import { lazy, Suspense, useMemo, useState } from 'react';
import { errorText } from '../../../lib/api-errors.js';
import { useQueryErrorToast } from '../../api/use-error-toast.js';
import { AdminState } from '../../components/AdminState.js';
import { useAdminTitle } from '../../lib/use-admin-title.js';
import { useMediaQuery } from '../../../lib/use-media-query.js';
import { LinkButton } from '../../../components/LinkButton.js';
import { PublicLinkButton } from '../../components/PublicLink.js';
import { useAdminHref } from '../../routing.js';
import { MatrixSkeleton, MatrixStack, MatrixTable } from './MatrixCells.js';
import { cellKey, cellsByKey, useAdminPillars, useMatrixCells } from './queries.js';
import './matrix.css';

// The dialogs (and their form code) load on the first sign of interest.
const loadViewDialog = () => import('./CellViewDialog.js');
const loadEditDialog = () => import('./CellEditDialog.js');
const CellViewDialog = lazy(loadViewDialog);
const CellEditDialog = lazy(loadEditDialog);
const prefetchDialogs = () => {
  void loadViewDialog();
  void loadEditDialog();
};

/** Below this width each pillar becomes a card with its levels stacked. */
const NARROW = '(max-width: 760px)';

const TOTAL_LEVELS = 4;

interface Selection {
  pillar: Pillar;
  level: number;
  mode: 'view' | 'edit';
  isOpen: boolean;
  /** Remounts the dialog for each opening, so the form starts from the saved cell. */
  session: number;
}

/** Matrix Management (/admin/matrix): what each maturity level looks like for each pillar. */
export default function MatrixPage() {
  useAdminTitle('Matrix Management');
  const href = useAdminHref();
  const pillars = useAdminPillars();
  const cells = useMatrixCells();
  useQueryErrorToast(pillars, 'Failed to fetch pillars');
  useQueryErrorToast(cells, 'Failed to fetch matrix cells');
  const narrow = useMediaQuery(NARROW);
  const [selection, setSelection] = useState<Selection | null>(null);

  const lookup = useMemo(() => cellsByKey(cells.data), [cells.data]);

  const open = (mode: Selection['mode']) => (pillar: Pillar, level: number) =>
    setSelection((current) => ({ pillar, level, mode, isOpen: true, session: (current?.session ?? 0) + 1 }));
  const close = () => setSelection((current) => current && { ...current, isOpen: false });
  /**
   * Blueprint returns focus to what opened a dialog; when that is gone (Edit Cell in the view
   * dialog, or Add Content replaced by the new cell's buttons), keyboard users land back on the cell.
   */
  const restoreFocus = () => {
    if (!selection || (document.activeElement && document.activeElement !== document.body)) return;
    document
      .querySelector<HTMLElement>(`[data-cell="${cellKey(selection.pillar.id, selection.level)}"] button`)
      ?.focus();
  };

  let content;
  if (pillars.isError || cells.isError) {
    const failed = [pillars, cells].filter((query) => query.isError);
    content = (
      <Card>
        <AdminState
          headingLevel={2}
          icon={IconNames.ERROR}
          intent={Intent.DANGER}
          title="Unable to load maturity matrix data."
          description={
            <ul className="admin-list admin-wrap">
              {pillars.isError && (
                <li>
                  Failed to fetch pillars: <code>{errorText(pillars.error)}</code>
                </li>
              )}
              {cells.isError && (
                <li>
                  Failed to fetch matrix cells: <code>{errorText(cells.error)}</code>
                </li>
              )}
            </ul>
          }
          actions={
            <Button
              icon={IconNames.REFRESH}
              text="Try again"
              loading={failed.some((query) => query.isFetching)}
              onClick={() => failed.forEach((query) => void query.refetch())}
            />
          }
        />
      </Card>
    );
  } else if (pillars.isPending || cells.isPending) {
    content = <MatrixSkeleton />;
  } else if (pillars.data.length === 0) {
    content = (
      <Card>
        <AdminState
          headingLevel={2}
          icon={IconNames.HEAT_GRID}
          title="No pillars yet"
          description="The matrix has one row per pillar. Add a pillar first, then describe each of its levels here."
          actions={
            <LinkButton to={href('pillars')} intent={Intent.PRIMARY} icon={IconNames.ADD}>
              Go to Pillar Management
            </LinkButton>
          }
        />
      </Card>
    );
  } else {
    const layout = {
      pillars: pillars.data,
      cells: lookup,
      onView: open('view'),
      onEdit: open('edit'),
      onIntent: prefetchDialogs,
    };
    content = narrow ? <MatrixStack {...layout} /> : <MatrixTable {...layout} />;
  }

  const total = (pillars.data?.length ?? 0) * TOTAL_LEVELS;
  const filled = pillars.data?.reduce(
    (sum, pillar) => sum + [0, 1, 2, 3].filter((level) => lookup.has(cellKey(pillar.id, level))).length,
    0,
  );
  const selectedCell = selection ? lookup.get(cellKey(selection.pillar.id, selection.level)) : undefined;

  return (
    <div>
      <header className="admin-page-header">
        <div>
          <h1 className="admin-page-header__title">Matrix Management</h1>
          <p className="admin-page-header__description">
            What each maturity level looks like for each pillar. Visitors browse it on the public matrix, and
            the results analysis draws on the next level&apos;s content.
          </p>
        </div>
        <PublicLinkButton
          path="/matrix"
          newTab
          icon={IconNames.SHARE}
          text="View public matrix"
          variant="outlined"
        />
      </header>

      {total > 0 && filled !== undefined && cells.isSuccess && (
        <p className="admin-note admin-summary" aria-live="polite">
          {filled} of {total} cells filled
          {filled < total && <> · empty cells show “No data available” to visitors</>}
        </p>
      )}

      {content}

      {selection && (
        <Suspense fallback={null}>
          {selection.mode === 'view' ? (
            <CellViewDialog
              key={`view-${selection.session}`}
              isOpen={selection.isOpen}
              pillar={selection.pillar}
              level={selection.level}
              cell={selectedCell}
              onClose={close}
              onClosed={restoreFocus}
              onEdit={() => open('edit')(selection.pillar, selection.level)}
            />
          ) : (
            <CellEditDialog
              key={`edit-${selection.session}`}
              isOpen={selection.isOpen}
              pillar={selection.pillar}
              level={selection.level}
              cell={selectedCell}
              onClose={close}
              onClosed={restoreFocus}
            />
          )}
        </Suspense>
      )}
    </div>
  );
}
