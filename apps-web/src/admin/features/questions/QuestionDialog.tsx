import { FormDialogFooter } from '../../components/FormDialogFooter.js';
import { Button, Callout, Dialog, DialogBody, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { QuestionInput, type AdminQuestion, type Pillar } from '@msp/shared';
import { useFieldArray, useForm } from 'react-hook-form';
import { showServerIssues } from '../../api/server-issues.js';
import { NumberField, SelectField, SwitchField, TextField } from '../../components/form/index.js';
import { orderFieldHint, useQuestionOrder } from '../settings/public.js';
import { AnswerFields } from './AnswerFields.js';
import {
  emptyAnswer,
  initialQuestionValues,
  MAX_ANSWERS,
  MIN_ANSWERS,
  nextOrder,
  toQuestionRequest,
  type QuestionOutput,
  type QuestionValues,
} from './question-form.js';
import { useSaveQuestion } from './queries.js';

export interface QuestionDialogProps {
  isOpen: boolean;
  /** The question to edit; a new question when null. */
  question: AdminQuestion | null;
  /** Every pillar, in order: the pillar choices and the points columns. */
  pillars: readonly Pillar[];
  /** The order a new question starts with, and the pillar it starts in (e.g. the filtered one). */
  defaults: { order: number; pillarId?: number };
  onClose: () => void;
}

/**
 * Add and Edit of a question with its answers and their points per pillar, checked with the
 * schema the server uses. Saving an edit replaces the question, its answers and points;
 * past submissions keep what they were scored against. Mounted afresh for every opening.
 */
export default function QuestionDialog({
  isOpen,
  question,
  pillars,
  defaults,
  onClose,
}: QuestionDialogProps) {
  const form = useForm<QuestionValues, unknown, QuestionOutput>({
    defaultValues: initialQuestionValues(question, pillars, defaults),
    resolver: zodResolver(QuestionInput),
  });
  const { errors } = form.formState;
  const answers = useFieldArray({ control: form.control, name: 'answers' });
  const save = useSaveQuestion({ onSaved: onClose });
  const editing = question !== null;
  const questionOrder = useQuestionOrder();

  const onSubmit = form.handleSubmit((values) =>
    save
      .mutateAsync({ id: question?.id, body: toQuestionRequest(values) })
      // The toast has said it; a refused field is also shown where it is.
      .catch((error: unknown) => void showServerIssues(form, error)),
  );

  const answersError = errors.answers?.root?.message ?? errors.answers?.message;
  const pillarOptions = [
    { value: '', label: 'Please select a pillar', disabled: true },
    ...pillars.map((pillar) => ({
      value: String(pillar.id),
      label: pillar.isActive ? pillar.name : `${pillar.name} (inactive)`,
    })),
  ];

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={editing ? 'Edit Question' : 'Add New Question'}
      icon={editing ? IconNames.EDIT : IconNames.ADD}
      className="admin-dialog question-dialog"
      canOutsideClickClose={false}
      canEscapeKeyClose={!save.isPending}
      isCloseButtonShown={!save.isPending}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <DialogBody>
          {editing && question.pillarId === null && (
            <Callout intent={Intent.WARNING} icon={IconNames.WARNING_SIGN} className="admin-summary">
              This question lost its pillar when the pillar was deleted. Choose a pillar to put it back into
              the assessment.
            </Callout>
          )}
          <TextField
            control={form.control}
            name="question.text"
            label="Question"
            required
            multiline
            rows={2}
            fill
            autoResize
            autoFocus
            placeholder="e.g. How are new client devices onboarded into your RMM?"
          />
          <div className="admin-dialog__row question-dialog__row">
            <SelectField
              control={form.control}
              name="question.pillarId"
              label="Pillar"
              required
              hint="Where the question appears in the assessment."
              fill
              options={pillarOptions}
              // No pillar yet (0 or null) shows the disabled prompt.
              format={(value) => (value ? String(value) : '')}
              parse={(value) => Number(value) || 0}
            />
            <NumberField
              control={form.control}
              name="question.order"
              label="Order"
              hint={orderFieldHint(questionOrder, 'question')}
            />
            <SwitchField
              control={form.control}
              name="question.isActive"
              groupLabel="Status"
              label="Active"
              defaultChecked
              size="large"
            />
          </div>

          <div className="admin-list">
            <div className="admin-inline">
              <h3 className="admin-title">Answers</h3>
              <p className="admin-note">
                At least {MIN_ANSWERS}. Give each answer 0 to 3 points for any pillar it shows maturity in.
              </p>
            </div>
            {answersError && (
              <p className="admin-note admin-error" role="alert">
                {answersError}
              </p>
            )}
            {answers.fields.map((field, index) => (
              <AnswerFields
                key={field.id}
                form={form}
                index={index}
                pillars={pillars}
                canRemove={answers.fields.length > MIN_ANSWERS}
                onRemove={() => answers.remove(index)}
              />
            ))}
            <Button
              icon={IconNames.ADD}
              variant="outlined"
              text="Add answer"
              className="question-answers__add"
              disabled={answers.fields.length >= MAX_ANSWERS}
              onClick={() =>
                answers.append(
                  emptyAnswer(nextOrder(form.getValues('answers').map((a) => a.answer)), pillars),
                  {
                    focusName: `answers.${answers.fields.length}.answer.text`,
                  },
                )
              }
            />
          </div>
        </DialogBody>
        <FormDialogFooter
          submitText={editing ? 'Save Changes' : 'Create Question'}
          editing={editing}
          saving={save.isPending}
          onCancel={onClose}
        >
          {editing && (
            <span className="admin-note question-dialog__note">
              Past submissions keep the answers they were scored on.
            </span>
          )}
        </FormDialogFooter>
      </form>
    </Dialog>
  );
}
