import { Button, Classes, Dialog, DialogBody, DialogFooter, Icon, Intent } from '@blueprintjs/core';
import { IconNames, type IconName } from '@blueprintjs/icons';
import { levelLabel, MATURITY_LEVELS, clampLevel, type MatrixCell, type Pillar } from '@msp/shared/browser';
import { useId } from 'react';
import { LevelBadge } from '../../../components/LevelBadge.js';
import { MultilineText } from '../../../components/MultilineText.js';

export interface CellViewDialogProps {
  isOpen: boolean;
  pillar: Pillar;
  level: number;
  cell: MatrixCell | undefined;
  onClose: () => void;
  onClosed?: () => void;
  onEdit: () => void;
}

type TextKey = 'shortDescription' | 'detailedContent' | 'requirements' | 'examples' | 'metrics' | 'nextSteps';

/** The three groups of the read-only view, each with its texts. */
const GROUPS: { title: string; icon: IconName; items: { key: TextKey; label: string }[] }[] = [
  {
    title: 'Basic Information',
    icon: IconNames.DOCUMENT,
    items: [
      { key: 'shortDescription', label: 'Short description' },
      { key: 'detailedContent', label: 'Detailed content' },
    ],
  },
  {
    title: 'Supporting Details',
    icon: IconNames.TICK_CIRCLE,
    items: [
      { key: 'requirements', label: 'Requirements' },
      { key: 'examples', label: 'Examples' },
    ],
  },
  {
    title: 'Measurement & Growth',
    icon: IconNames.TIMELINE_BAR_CHART,
    items: [
      { key: 'metrics', label: 'Metrics' },
      { key: 'nextSteps', label: 'Next steps' },
    ],
  },
];

/** Everything a matrix cell says, as visitors' text renders it, with Edit Cell. */
export default function CellViewDialog({
  isOpen,
  pillar,
  level,
  cell,
  onClose,
  onClosed,
  onEdit,
}: CellViewDialogProps) {
  const id = useId();
  const clamped = clampLevel(level);
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      onClosed={onClosed}
      title={`${pillar.name} — ${levelLabel(clamped)}`}
      icon={IconNames.EYE_OPEN}
      className="admin-dialog matrix-dialog"
    >
      {/* Only text inside: the scrolling body takes focus itself so the keyboard can scroll it. */}
      <DialogBody tabIndex={0} role="region" aria-label={`${pillar.name} — ${levelLabel(clamped)} content`}>
        <div className="admin-inline admin-summary">
          <LevelBadge level={clamped} />
          <span className={Classes.TEXT_MUTED}>{MATURITY_LEVELS[clamped].description}</span>
        </div>
        {cell ? (
          GROUPS.map((group, index) => (
            <section
              key={group.title}
              className="matrix-view-dialog__group"
              aria-labelledby={`${id}-${index}`}
            >
              <h3 id={`${id}-${index}`} className="admin-overline admin-inline admin-title--head">
                <Icon icon={group.icon} size={14} aria-hidden />
                {group.title}
              </h3>
              <dl className="admin-info admin-list">
                {group.items.map(({ key, label }) => (
                  <div key={key}>
                    <dt>{label}</dt>
                    <dd>
                      <MultilineText
                        text={cell[key]}
                        fallback={<span className={Classes.TEXT_MUTED}>Not provided</span>}
                      />
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ))
        ) : (
          <p className={Classes.TEXT_MUTED}>This cell has no content yet.</p>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Close" onClick={onClose} />
            <Button intent={Intent.PRIMARY} icon={IconNames.EDIT} text="Edit Cell" onClick={onEdit} />
          </>
        }
      />
    </Dialog>
  );
}
