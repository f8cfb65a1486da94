import {
  Button,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  H3,
  Icon,
  type IconName,
} from '@blueprintjs/core';
import { clampLevel, type MessageId, type PublicMatrixCell } from '@msp/shared/browser';
import { useId } from 'react';
import { LevelBadge } from '../LevelBadge.js';
import { MultilineText } from '../MultilineText.js';
import { useT } from '../../lib/i18n/i18n-context.js';
import { useLevelLabel } from '../../lib/i18n/use-level-label.js';
import './CellDetailDialog.css';

export interface CellDetailDialogProps {
  isOpen: boolean;
  pillarName: string;
  level: number;
  /** The cell shown; undefined only if it vanished after a refetch. */
  cell: PublicMatrixCell | undefined;
  /** Levels of the same pillar that have a cell, for the previous/next buttons. */
  availableLevels: number[];
  onNavigate: (level: number) => void;
  onClose: () => void;
  /** Called once the closing transition has finished. */
  onClosed?: () => void;
}

interface SectionSpec {
  key: 'detailedContent' | 'requirements' | 'examples' | 'metrics' | 'nextSteps';
  title: MessageId;
  icon: IconName;
}

/** The sections in their fixed order; all but Overview appear only when they have text. */
const SECTIONS: SectionSpec[] = [
  { key: 'detailedContent', title: 'matrix.cell.overview', icon: 'document' },
  { key: 'requirements', title: 'matrix.cell.requirements', icon: 'tick-circle' },
  { key: 'examples', title: 'matrix.cell.examples', icon: 'lightbulb' },
  { key: 'metrics', title: 'matrix.cell.metrics', icon: 'timeline-bar-chart' },
  { key: 'nextSteps', title: 'matrix.cell.nextSteps', icon: 'flag' },
];

/** Detail of one matrix cell: pillar, level, overview and the optional guidance sections. */
export default function CellDetailDialog({
  isOpen,
  pillarName,
  level,
  cell,
  availableLevels,
  onNavigate,
  onClose,
  onClosed,
}: CellDetailDialogProps) {
  const t = useT();
  const levels = useLevelLabel();
  const summaryId = useId();
  const clamped = clampLevel(level);
  const position = availableLevels.indexOf(clamped);
  const previous = position > 0 ? availableLevels[position - 1] : undefined;
  const next =
    position >= 0 && position < availableLevels.length - 1 ? availableLevels[position + 1] : undefined;

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      onClosed={onClosed}
      className={`cell-detail-dialog cell-detail-dialog--${clamped}`}
      title={t('matrix.cell.title', { pillar: pillarName, level: levels.label(clamped) })}
      aria-describedby={cell ? summaryId : undefined}
    >
      {/* Long cells scroll inside the dialog; with no control in them, the body itself must take
          focus so keyboard users can scroll it. */}
      <DialogBody
        className="cell-detail-dialog__body"
        tabIndex={0}
        role="region"
        aria-label={t('matrix.cell.region', { pillar: pillarName, level: levels.label(clamped) })}
      >
        <div className="cell-detail-dialog__summary">
          <div className="cell-detail-dialog__meta">
            <LevelBadge level={clamped} />
            <span className={Classes.TEXT_MUTED}>{levels.description(clamped)}</span>
          </div>
          {cell && (
            <p id={summaryId} className="cell-detail-dialog__lead">
              {cell.shortDescription}
            </p>
          )}
        </div>
        {cell ? (
          SECTIONS.map(({ key, title, icon }) => {
            const text = cell[key];
            if (key !== 'detailedContent' && !text?.trim()) return null;
            return (
              <section key={key} className="cell-detail-dialog__section">
                <H3 className="cell-detail-dialog__section-title">
                  <Icon icon={icon} size={14} aria-hidden />
                  {t(title)}
                </H3>
                <MultilineText
                  text={text}
                  fallback={<p className={Classes.TEXT_MUTED}>{t('matrix.noData')}</p>}
                />
              </section>
            );
          })
        ) : (
          <p className={Classes.TEXT_MUTED}>{t('matrix.noData')}</p>
        )}
      </DialogBody>
      <DialogFooter
        className="cell-detail-dialog__footer"
        actions={<Button text={t('matrix.cell.close')} onClick={onClose} />}
      >
        {availableLevels.length > 1 && (
          <div className="cell-detail-dialog__stepper">
            <Button
              variant="minimal"
              icon="arrow-left"
              disabled={previous === undefined}
              onClick={() => previous !== undefined && onNavigate(previous)}
              aria-label={
                previous !== undefined
                  ? t('matrix.cell.previous', { level: levels.label(previous) })
                  : t('matrix.cell.previousLevel')
              }
              title={previous !== undefined ? levels.label(previous) : undefined}
            >
              <span className="cell-detail-dialog__stepper-text">{t('matrix.cell.previousLevel')}</span>
            </Button>
            <Button
              variant="minimal"
              endIcon="arrow-right"
              disabled={next === undefined}
              onClick={() => next !== undefined && onNavigate(next)}
              aria-label={
                next !== undefined
                  ? t('matrix.cell.next', { level: levels.label(next) })
                  : t('matrix.cell.nextLevel')
              }
              title={next !== undefined ? levels.label(next) : undefined}
            >
              <span className="cell-detail-dialog__stepper-text">{t('matrix.cell.nextLevel')}</span>
            </Button>
          </div>
        )}
      </DialogFooter>
    </Dialog>
  );
}
