import { Button, Card, Classes, Collapse, Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { AdminQuestion, Pillar } from '@msp/shared/browser';
import { useId, useState } from 'react';
import { answerPoints, maxPointsByPillar } from './question-points.js';

export interface QuestionCardProps {
  question: AdminQuestion;
  /** Every pillar by id, for names and order. */
  pillars: ReadonlyMap<number, Pillar>;
  /** False while the pillar list is not available: the form needs it. */
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onPrefetch?: () => void;
}

/**
 * One question: its text, pillar, "Order: n", an Inactive badge, the answer count, badges with the
 * most points it can give each pillar, and its answers with their points on demand.
 */
export function QuestionCard({
  question,
  pillars,
  canEdit,
  onEdit,
  onDelete,
  onPrefetch,
}: QuestionCardProps) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const headingId = `${id}-heading`;
  const answersId = `${id}-answers`;
  const pillar = question.pillarId === null ? undefined : pillars.get(question.pillarId);
  const pillarLabel = pillar?.name ?? question.pillar?.name;
  const badges = maxPointsByPillar(question, pillars);
  const answers = [...question.answers].sort((a, b) => a.order - b.order || a.id - b.id);
  const count = answers.length;

  return (
    <Card
      className={question.isActive ? 'question-card' : 'question-card question-card--inactive'}
      role="article"
      aria-labelledby={headingId}
    >
      <div className="admin-inline question-card__top">
        <h2 id={headingId} className="admin-title question-card__text">
          {question.text}
        </h2>
        <div className="admin-row-actions">
          <Button
            size="small"
            variant="outlined"
            icon={IconNames.EDIT}
            text="Edit"
            aria-label={`Edit question: ${question.text}`}
            disabled={!canEdit}
            onClick={onEdit}
            onMouseEnter={onPrefetch}
            onFocus={onPrefetch}
          />
          <Button
            size="small"
            variant="outlined"
            intent={Intent.DANGER}
            icon={IconNames.TRASH}
            text="Delete"
            aria-label={`Delete question: ${question.text}`}
            onClick={onDelete}
          />
        </div>
      </div>

      <div className="admin-inline">
        {question.pillarId === null ? (
          <Tag
            intent={Intent.WARNING}
            icon={IconNames.WARNING_SIGN}
            round
            title="Out of the assessment until a pillar is chosen"
          >
            No pillar
          </Tag>
        ) : (
          <Tag minimal round icon={IconNames.LAYERS}>
            {pillarLabel ?? `Pillar #${question.pillarId}`}
          </Tag>
        )}
        {pillar && !pillar.isActive && (
          <Tag intent={Intent.WARNING} minimal round title="Questions of an inactive pillar are not asked">
            Pillar inactive
          </Tag>
        )}
        <Tag minimal round>
          Order: {question.order}
        </Tag>
        {!question.isActive && (
          <Tag intent={Intent.WARNING} icon={IconNames.EYE_OFF} minimal round>
            Inactive
          </Tag>
        )}
        <span className="admin-note">
          {count} {count === 1 ? 'answer' : 'answers'}
        </span>
      </div>

      <div className="admin-inline">
        <span className="admin-overline" id={`${id}-points`}>
          Max points
        </span>
        {badges.length ? (
          <ul className="admin-inline" aria-labelledby={`${id}-points`}>
            {badges.map((badge) => (
              <li key={badge.pillarId}>
                <Tag intent={Intent.PRIMARY} minimal round>
                  {badge.name} <strong>{badge.points}</strong>
                </Tag>
              </li>
            ))}
          </ul>
        ) : (
          <span className="admin-note">No pillar gets points from this question</span>
        )}
      </div>

      <Button
        variant="minimal"
        size="small"
        className="question-card__toggle"
        icon={expanded ? IconNames.CHEVRON_DOWN : IconNames.CHEVRON_RIGHT}
        text={expanded ? 'Hide answers' : `Show answers (${count})`}
        aria-expanded={expanded}
        aria-controls={answersId}
        onClick={() => setExpanded((open) => !open)}
      />
      <Collapse isOpen={expanded}>
        <ol id={answersId} className="admin-rows" aria-label="Answer choices">
          {answers.map((answer) => {
            const points = answerPoints(answer, pillars);
            return (
              <li key={answer.id} className="question-card__answer">
                <Tag round minimal title="Order">
                  {answer.order}
                </Tag>
                <div className="admin-list admin-wrap question-card__answer-body">
                  <p>{answer.text}</p>
                  {answer.description && <p className="admin-note">{answer.description}</p>}
                  <div className="admin-inline">
                    {points.length ? (
                      points.map((p) => (
                        <Tag key={p.pillarId} minimal round>
                          {p.name} +{p.points}
                        </Tag>
                      ))
                    ) : (
                      <span className={Classes.TEXT_MUTED}>0 points</span>
                    )}
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      </Collapse>
    </Card>
  );
}
