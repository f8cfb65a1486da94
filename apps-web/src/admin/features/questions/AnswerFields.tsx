import { Button, Classes, Intent, SegmentedControl } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { Pillar } from '@msp/shared/browser';
import { useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { NumberField, TextField } from '../../components/form/index.js';
import { orderFieldHint, useQuestionOrder } from '../settings/public.js';
import { POINT_VALUES } from './question-points.js';
import type { QuestionOutput, QuestionValues } from './question-form.js';

const POINT_OPTIONS = POINT_VALUES.map((points) => ({ value: String(points), label: String(points) }));

export interface AnswerFieldsProps {
  form: UseFormReturn<QuestionValues, unknown, QuestionOutput>;
  index: number;
  /** Every pillar, in order: one points control each. */
  pillars: readonly Pillar[];
  canRemove: boolean;
  onRemove: () => void;
}

/**
 * One answer of the question form: its text, optional description, order, and 0-3 points per
 * pillar as a segmented control (one click, or arrow keys).
 */
export function AnswerFields({ form, index, pillars, canRemove, onRemove }: AnswerFieldsProps) {
  const id = useId();
  const errors = form.formState.errors.answers?.[index];
  const number = index + 1;
  const questionOrder = useQuestionOrder();
  const headingId = `${id}-heading`;
  const pointsError = errors?.pointAllocations?.root?.message ?? errors?.pointAllocations?.message;

  return (
    <section className={`${Classes.CARD} admin-item-card`} role="group" aria-labelledby={headingId}>
      <div className="admin-inline admin-summary answer-fields__header">
        <h4 id={headingId} className="admin-overline">
          Answer {number}
        </h4>
        <Button
          size="small"
          variant="minimal"
          intent={Intent.DANGER}
          icon={IconNames.TRASH}
          text="Remove"
          aria-label={`Remove answer ${number}`}
          disabled={!canRemove}
          title={canRemove ? undefined : 'At least 2 answers are required'}
          onClick={onRemove}
        />
      </div>
      <div className="admin-dialog__row answer-fields__grid">
        <TextField
          control={form.control}
          name={`answers.${index}.answer.text`}
          label="Answer text"
          required
          groupClassName="answer-fields__text"
          multiline
          rows={2}
          fill
          autoResize
        />
        <TextField
          control={form.control}
          name={`answers.${index}.answer.description`}
          label="Description"
          optional
          groupClassName="answer-fields__description"
          autoComplete="off"
          placeholder="A hint shown under the answer"
        />
        <NumberField
          control={form.control}
          name={`answers.${index}.answer.order`}
          label="Order"
          hint={orderFieldHint(questionOrder, 'answer')}
          groupClassName="answer-fields__order"
        />
      </div>
      <div className="answer-points" role="group" aria-label={`Points for answer ${number}`}>
        <p className="admin-overline" aria-hidden>
          Points per pillar
        </p>
        <div className="answer-points__grid">
          {pillars.map((pillar, pillarIndex) => (
            <Controller
              key={pillar.id}
              control={form.control}
              name={`answers.${index}.pointAllocations.${pillarIndex}.points`}
              render={({ field }) => {
                const value = Number(field.value) || 0;
                return (
                  <div className="answer-points__item">
                    <span className={Classes.TEXT_OVERFLOW_ELLIPSIS}>
                      {pillar.name}
                      {!pillar.isActive && <span className={Classes.TEXT_MUTED}> (inactive)</span>}
                    </span>
                    <SegmentedControl
                      size="small"
                      intent={value > 0 ? Intent.PRIMARY : Intent.NONE}
                      aria-label={`${pillar.name} points`}
                      options={POINT_OPTIONS}
                      value={String(value)}
                      onValueChange={(next) => field.onChange(Number(next))}
                    />
                  </div>
                );
              }}
            />
          ))}
        </div>
        {pointsError && <p className="admin-note admin-error">{pointsError}</p>}
      </div>
    </section>
  );
}
