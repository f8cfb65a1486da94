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
import { MATURITY_LEVELS, clampLevel, levelLabel, type PublicMatrixCell } from '@msp/shared/browser';
import { useId } from 'react';
import { LevelBadge } from '../LevelBadge.js';
import { MultilineText } from '../MultilineText.js';
import { MATRIX_MESSAGES } from './matrix-data.js';
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
  title: string;
  icon: IconName;
}

/** The sections in their fixed order; all but Overview appear only when they have text. */
const SECTIONS: SectionSpec[] = [
  { key: 'detailedContent', title: 'Overview', icon: 'document' },
  { key: 'requirements', title: 'Requirements', icon: 'tick-circle' },
  { key: 'examples', title: 'Examples', icon: 'lightbulb' },
  { key: 'metrics', title: 'Key Metrics', icon: 'timeline-bar-chart' },
  { key: 'nextSteps', title: 'Next Steps', icon: 'flag' },
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
      title={
        <>
          {pillarName} — {levelLabel(clamped)}
        </>
      }
      aria-describedby={cell ? summaryId : undefined}
    >
      {/* Long cells scroll inside the dialog; with no control in them, the body itself must take
          focus so keyboard users can scroll it. */}
      <DialogBody
        className="cell-detail-dialog__body"
        tabIndex={0}
        role="region"
        aria-label={`${pillarName} — ${levelLabel(clamped)} details`}
      >
        <div className="cell-detail-dialog__summary">
          <div className="cell-detail-dialog__meta">
            <LevelBadge level={clamped} />
            <span className={Classes.TEXT_MUTED}>{MATURITY_LEVELS[clamped].description}</span>
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
                  {title}
                </H3>
                <MultilineText
                  text={text}
                  fallback={<p className={Classes.TEXT_MUTED}>{MATRIX_MESSAGES.noData}</p>}
                />
              </section>
            );
          })
        ) : (
          <p className={Classes.TEXT_MUTED}>{MATRIX_MESSAGES.noData}</p>
        )}
      </DialogBody>
      <DialogFooter
        className="cell-detail-dialog__footer"
        actions={<Button text="Close" onClick={onClose} />}
      >
        {availableLevels.length > 1 && (
          <div className="cell-detail-dialog__stepper">
            <Button
              variant="minimal"
              icon="arrow-left"
              disabled={previous === undefined}
              onClick={() => previous !== undefined && onNavigate(previous)}
              aria-label={previous !== undefined ? `Previous: ${levelLabel(previous)}` : 'Previous level'}
              title={previous !== undefined ? levelLabel(previous) : undefined}
            >
              <span className="cell-detail-dialog__stepper-text">Previous level</span>
            </Button>
            <Button
              variant="minimal"
              endIcon="arrow-right"
              disabled={next === undefined}
              onClick={() => next !== undefined && onNavigate(next)}
              aria-label={next !== undefined ? `Next: ${levelLabel(next)}` : 'Next level'}
              title={next !== undefined ? levelLabel(next) : undefined}
            >
              <span className="cell-detail-dialog__stepper-text">Next level</span>
            </Button>
          </div>
        )}
      </DialogFooter>
    </Dialog>
  );
}
