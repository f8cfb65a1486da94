import { Button, Callout, Card, Intent, SegmentedControl } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { SAMPLE_TEMPLATE_VALUES, templateVariables, type EmailTemplate } from '@msp/shared/browser';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useMediaQuery } from '../../../lib/use-media-query.js';
import { SwitchField, TextField } from '../../components/form/index.js';
import { ConfirmAlert } from '../../components/ConfirmAlert.js';
import { useCreateEmailTemplate, useTemplateVariables, useUpdateEmailTemplate } from './queries.js';
import {
  templateDefaults,
  templateFormSchema,
  type TemplateBody,
  type TemplateFormValues,
} from './template-form.js';
import { TemplatePreview } from './TemplatePreview.js';
import { TemplateVariables, UnknownVariablesWarning } from './TemplateVariables.js';

export interface TemplateEditorProps {
  /** The template being edited; null for a new one. */
  template: EmailTemplate | null;
  /** Every template, to say which one activating this one would switch off. */
  templates: readonly EmailTemplate[];
  /** Back to the list, after saving or cancelling. */
  onDone: () => void;
}

type TextField = 'subject' | 'htmlBody';

/** Below this width the form and the preview no longer fit side by side. */
const STACKED = '(max-width: 1000px)';

/**
 * The template editor: name, subject, Active, the HTML body with the variables to insert and a
 * warning for unknown ones, beside a live preview (stacked on narrow screens).
 */
export function TemplateEditor({ template, templates, onDone }: TemplateEditorProps) {
  const id = useId();
  const editing = template !== null;
  const form = useForm<TemplateFormValues, unknown, TemplateBody>({
    defaultValues: templateDefaults(template),
    resolver: zodResolver(templateFormSchema),
  });
  const { isDirty, isSubmitted } = form.formState;
  const [subject, htmlBody, isActive] = useWatch({
    control: form.control,
    name: ['subject', 'htmlBody', 'isActive'],
  });
  // The variables of the current pillars: a pillar renamed since the template was written leaves
  // its old variable unknown, and the warning below names it.
  const available = useTemplateVariables();
  const names = useMemo(() => available.data?.variables.map((variable) => variable.name), [available.data]);
  const samples = useMemo(
    () =>
      available.data
        ? Object.fromEntries(available.data.variables.map((variable) => [variable.name, variable.sample]))
        : SAMPLE_TEMPLATE_VALUES,
    [available.data],
  );
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

  // Where a variable goes: the subject or body, whichever had the caret last (the body at first).
  const elements = useRef<Record<TextField, HTMLInputElement | HTMLTextAreaElement | null>>({
    subject: null,
    htmlBody: null,
  });
  const lastField = useRef<TextField>('htmlBody');
  const insertVariable = (name: string) => {
    const field = lastField.current;
    const element = elements.current[field];
    const token = `{{${name}}}`;
    const value = form.getValues(field);
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const next = value.slice(0, start) + token + value.slice(end);
    form.setValue(field, next, { shouldDirty: true, shouldValidate: isSubmitted });
    if (element) {
      // The control shows the form's value on its next render; write it now, so the caret set
      // below lands after the token and stays there.
      element.value = next;
      element.focus();
      const caret = start + token.length;
      element.setSelectionRange(caret, caret);
    }
  };

  // The subject and body remember their element and when they had the caret last.
  const textControl = (field: TextField) => ({
    inputRef: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      elements.current[field] = element;
    },
    onFocus: () => {
      lastField.current = field;
    },
  });

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

  const othersActive = templates.filter((other) => other.isActive && other.id !== template?.id);
  const activeHelpId = `${id}-isActive-help`;

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
      <div>
        <Button variant="minimal" icon={IconNames.ARROW_LEFT} text="All templates" onClick={cancel} />
      </div>
      <header className="admin-page-header">
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="admin-page-header__title template-editor__title">
            {editing ? 'Edit Email Template' : 'New Email Template'}
          </h1>
          {editing && <p className="admin-page-header__description admin-wrap">{template.name}</p>}
        </div>
        <div className="admin-inline admin-touch-actions">
          <Button text="Cancel" onClick={cancel} disabled={saving} />
          <Button
            type="submit"
            form={`${id}-form`}
            intent={Intent.PRIMARY}
            icon={editing ? IconNames.TICK : IconNames.ADD}
            text={editing ? 'Save Template' : 'Create Template'}
            loading={saving}
          />
        </div>
      </header>

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
            <Callout compact className="admin-summary">
              <SwitchField
                control={form.control}
                name="isActive"
                role="switch"
                label="Active"
                aria-describedby={activeHelpId}
              />
              <p id={activeHelpId} className="admin-note">
                The active template is emailed to each visitor after they submit. Only one is active:
                activating this one deactivates the others.
                {isActive && othersActive.length > 0 && (
                  <strong className="template-editor__active-warning">
                    {' '}
                    Saving deactivates {othersActive.map((other) => `“${other.name}”`).join(', ')}.
                  </strong>
                )}
              </p>
            </Callout>
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
