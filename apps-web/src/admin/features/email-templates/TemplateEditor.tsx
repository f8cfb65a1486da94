import { Card, Intent, SegmentedControl } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { templateVariables, type EmailTemplate, type EmailTemplatePurpose } from '@msp/shared/browser';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useMediaQuery } from '../../../lib/use-media-query.js';
import { TextField } from '../../components/form/index.js';
import { ConfirmAlert } from '../../components/ConfirmAlert.js';
import { ActiveTemplateSwitch } from './ActiveTemplateSwitch.js';
import { useCreateEmailTemplate, useUpdateEmailTemplate } from './queries.js';
import { PurposeField } from './PurposeField.js';
import {
  STARTER_BODIES,
  templateDefaults,
  templateFormSchema,
  type TemplateBody,
  type TemplateFormValues,
} from './template-form.js';
import { TemplateEditorHeader } from './TemplateEditorHeader.js';
import { TemplatePreview } from './TemplatePreview.js';
import { TemplateVariables, UnknownVariablesWarning } from './TemplateVariables.js';
import { useAvailableVariables, useVariableInsertion } from './use-variable-insertion.js';

export interface TemplateEditorProps {
  /** The template being edited; null for a new one. */
  template: EmailTemplate | null;
  /** Every template, to say which one activating this one would switch off. */
  templates: readonly EmailTemplate[];
  /** Back to the list, after saving or cancelling. */
  onDone: () => void;
  /** What a new template is for, as chosen on the list; a saved one has its own. */
  newPurpose?: EmailTemplatePurpose;
}

/** Below this width the form and the preview no longer fit side by side. */
const STACKED = '(max-width: 1000px)';

/**
 * The template editor: name, subject, Active, the HTML body with the variables to insert and a
 * warning for unknown ones, beside a live preview (stacked on narrow screens).
 */
export function TemplateEditor({ template, templates, onDone, newPurpose = 'results' }: TemplateEditorProps) {
  const id = useId();
  const form = useForm<TemplateFormValues, unknown, TemplateBody>({
    defaultValues: templateDefaults(template, newPurpose),
    resolver: zodResolver(templateFormSchema),
  });
  const { isDirty, isSubmitted } = form.formState;
  const [subject, htmlBody, isActive, purpose] = useWatch({
    control: form.control,
    name: ['subject', 'htmlBody', 'isActive', 'purpose'],
  });
  const { names, samples } = useAvailableVariables(purpose);
  useEffect(() => {
    // An untouched starter body follows the purpose; anything typed stays.
    const other = purpose === 'results' ? STARTER_BODIES.reminder : STARTER_BODIES.results;
    if (!template && form.getValues('htmlBody') === other) form.setValue('htmlBody', STARTER_BODIES[purpose]);
  }, [purpose, template, form]);
  const variables = templateVariables(`${subject}\n${htmlBody}`, names ?? []);

  // Side by side on wide screens; on narrow ones, Edit and Preview take turns.
  const narrow = useMediaQuery(STACKED);
  const [view, setView] = useState<'edit' | 'preview'>('edit');

  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // A new view: start at its top, with the heading announced.
    window.scrollTo({ top: 0 });
    headingRef.current?.focus();
  }, []);

  const { insertVariable, textControl } = useVariableInsertion(form, isSubmitted);

  const create = useCreateEmailTemplate({ onSaved: onDone });
  const update = useUpdateEmailTemplate({ onSaved: onDone });
  const saving = create.isPending || update.isPending;
  const onSubmit = form.handleSubmit(
    (body) =>
      // A failure is toasted; the editor keeps what was typed.
      (template ? update.mutateAsync({ id: template.id, body }) : create.mutateAsync(body)).catch(
        () => undefined,
      ),
    (problems) => {
      // Saved from the preview on a narrow screen: show the form, then the first problem.
      if (view === 'edit') return;
      setView('edit');
      const first = (['name', 'subject', 'htmlBody'] as const).find((name) => problems[name]);
      if (first) window.setTimeout(() => form.setFocus(first));
    },
  );

  // Leaving with unsaved changes asks first, in an alert like the portal's other confirmations.
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const cancel = () => {
    if (isDirty) setConfirmingDiscard(true);
    else onDone();
  };

  return (
    <div>
      <ConfirmAlert
        isOpen={confirmingDiscard}
        intent={Intent.DANGER}
        icon={IconNames.WARNING_SIGN}
        confirmButtonText="Discard Changes"
        cancelButtonText="Keep Editing"
        onConfirm={onDone}
        onCancel={() => setConfirmingDiscard(false)}
      >
        <p>Discard your unsaved changes to this template?</p>
      </ConfirmAlert>
      <TemplateEditorHeader
        editing={template?.name ?? null}
        formId={`${id}-form`}
        saving={saving}
        onCancel={cancel}
        headingRef={headingRef}
      />

      {narrow && (
        <SegmentedControl
          className="admin-summary"
          aria-label="Show"
          fill
          options={[
            { label: 'Edit', value: 'edit' },
            { label: 'Preview', value: 'preview' },
          ]}
          value={view}
          onValueChange={(value) => setView(value === 'preview' ? 'preview' : 'edit')}
        />
      )}

      <div className="template-editor__layout">
        {/* Hidden, not unmounted: the form keeps what was typed while the preview shows. */}
        <Card hidden={narrow && view !== 'edit'}>
          <form id={`${id}-form`} onSubmit={(event) => void onSubmit(event)} noValidate>
            <TextField
              control={form.control}
              name="name"
              label="Template name"
              required
              hint="For you only; visitors never see it."
              autoComplete="off"
              placeholder="e.g. Results email"
            />
            <TextField
              control={form.control}
              name="subject"
              label="Email subject"
              required
              autoComplete="off"
              placeholder="e.g. {{firstName}}, your automation maturity results"
              {...textControl('subject')}
            />
            <PurposeField control={form.control} />
            <ActiveTemplateSwitch
              control={form.control}
              helpId={`${id}-isActive-help`}
              isActive={isActive}
              purpose={purpose}
              othersActive={templates.filter(
                (other) => other.isActive && other.purpose === purpose && other.id !== template?.id,
              )}
            />
            <TemplateVariables variables={names} used={variables.known} onInsert={insertVariable} />
            <TextField
              control={form.control}
              name="htmlBody"
              label="HTML body"
              required
              hint="Inline styles and tables render most reliably across email clients."
              groupClassName="template-editor__body-group"
              multiline
              className="template-editor__body"
              fill
              rows={18}
              spellCheck={false}
              autoCapitalize="none"
              autoCorrect="off"
              {...textControl('htmlBody')}
            />
            {names && <UnknownVariablesWarning unknown={variables.unknown} />}
          </form>
        </Card>
        <Card className="template-editor__preview-card" hidden={narrow && view !== 'preview'}>
          <TemplatePreview subject={subject} htmlBody={htmlBody} samples={samples} />
        </Card>
      </div>
    </div>
  );
}
