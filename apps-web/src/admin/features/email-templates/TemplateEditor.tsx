import {
  Alert,
  Button,
  Card,
  Classes,
  FormGroup,
  InputGroup,
  Intent,
  SegmentedControl,
  Switch,
  TextArea,
} from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { templateVariables, type EmailTemplate, type TemplateVariable } from '@msp/shared/browser';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { useMediaQuery } from '../../../lib/use-media-query.js';
import { useCreateEmailTemplate, useUpdateEmailTemplate } from './queries.js';
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

/** Blueprint's inputs take the element's ref as `inputRef`. */
function inputProps<T extends string>({ ref, ...rest }: UseFormRegisterReturn<T>) {
  return { ...rest, inputRef: ref };
}

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
  const { errors, isDirty, isSubmitted } = form.formState;
  const [subject, htmlBody, isActive] = useWatch({
    control: form.control,
    name: ['subject', 'htmlBody', 'isActive'],
  });
  const variables = templateVariables(`${subject}\n${htmlBody}`);

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
  const insertVariable = (name: TemplateVariable) => {
    const field = lastField.current;
    const element = elements.current[field];
    const token = `{{${name}}}`;
    const value = form.getValues(field);
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    form.setValue(field, value.slice(0, start) + token + value.slice(end), {
      shouldDirty: true,
      shouldValidate: isSubmitted,
    });
    if (element) {
      element.focus();
      const caret = start + token.length;
      element.setSelectionRange(caret, caret);
    }
  };

  const textField = (field: TextField) => {
    const { ref, ...rest } = form.register(field);
    return {
      ...rest,
      inputRef: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
        ref(element);
        elements.current[field] = element;
      },
      onFocus: () => {
        lastField.current = field;
      },
    };
  };

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
  const fieldId = (name: keyof TemplateFormValues) => `${id}-${name}`;
  const intentOf = (name: keyof TemplateFormValues) => (errors[name] ? Intent.DANGER : Intent.NONE);
  const a11y = (name: keyof TemplateFormValues) => ({
    id: fieldId(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${fieldId(name)}-help`,
  });
  const helper = (name: keyof TemplateFormValues, hint?: string) => {
    const text = errors[name]?.message ?? hint;
    return text ? <span id={`${fieldId(name)}-help`}>{text}</span> : undefined;
  };

  return (
    <div className="template-editor">
      <Alert
        isOpen={confirmingDiscard}
        intent={Intent.DANGER}
        icon={IconNames.WARNING_SIGN}
        confirmButtonText="Discard Changes"
        cancelButtonText="Keep Editing"
        canEscapeKeyCancel
        canOutsideClickCancel
        onConfirm={onDone}
        onCancel={() => setConfirmingDiscard(false)}
      >
        <p>Discard your unsaved changes to this template?</p>
      </Alert>
      <div className="template-editor__back-row">
        <Button
          variant="minimal"
          icon={IconNames.ARROW_LEFT}
          text="All templates"
          onClick={cancel}
          className="template-editor__back"
        />
      </div>
      <header className="template-editor__header">
        <div className="template-editor__heading">
          <h1 ref={headingRef} tabIndex={-1} className="admin-page-header__title template-editor__title">
            {editing ? 'Edit Email Template' : 'New Email Template'}
          </h1>
          {editing && <p className="admin-page-header__description">{template.name}</p>}
        </div>
        <div className="template-editor__actions">
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
          className="template-editor__views"
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
        <Card className="template-editor__form-card" hidden={narrow && view !== 'edit'}>
          <form id={`${id}-form`} onSubmit={(event) => void onSubmit(event)} noValidate>
            <FormGroup
              label="Template name"
              labelFor={fieldId('name')}
              labelInfo="(required)"
              intent={intentOf('name')}
              helperText={helper('name', 'For you only; visitors never see it.')}
            >
              <InputGroup
                {...a11y('name')}
                autoComplete="off"
                placeholder="e.g. Results email"
                intent={intentOf('name')}
                {...inputProps(form.register('name'))}
              />
            </FormGroup>
            <FormGroup
              label="Email subject"
              labelFor={fieldId('subject')}
              labelInfo="(required)"
              intent={intentOf('subject')}
              helperText={helper('subject')}
            >
              <InputGroup
                {...a11y('subject')}
                autoComplete="off"
                placeholder="e.g. {{firstName}}, your automation maturity results"
                intent={intentOf('subject')}
                {...textField('subject')}
              />
            </FormGroup>
            <div className="template-editor__active">
              <Switch
                role="switch"
                label="Active"
                className="template-editor__switch"
                {...inputProps(form.register('isActive'))}
                aria-describedby={`${fieldId('isActive')}-help`}
              />
              <p
                id={`${fieldId('isActive')}-help`}
                className={`template-editor__active-help ${Classes.TEXT_MUTED}`}
              >
                The active template is emailed to each visitor after they submit. Only one is active:
                activating this one deactivates the others.
                {isActive && othersActive.length > 0 && (
                  <strong className="template-editor__active-warning">
                    {' '}
                    Saving deactivates {othersActive.map((other) => `“${other.name}”`).join(', ')}.
                  </strong>
                )}
              </p>
            </div>
            <TemplateVariables used={variables.known} onInsert={insertVariable} />
            <FormGroup
              label="HTML body"
              labelFor={fieldId('htmlBody')}
              labelInfo="(required)"
              intent={intentOf('htmlBody')}
              helperText={helper(
                'htmlBody',
                'Inline styles and tables render most reliably across email clients.',
              )}
              className="template-editor__body-group"
            >
              <TextArea
                {...a11y('htmlBody')}
                className="template-editor__body"
                fill
                rows={18}
                spellCheck={false}
                autoCapitalize="none"
                autoCorrect="off"
                intent={intentOf('htmlBody')}
                {...textField('htmlBody')}
              />
            </FormGroup>
            <UnknownVariablesWarning unknown={variables.unknown} />
          </form>
        </Card>
        <Card className="template-editor__preview-card" hidden={narrow && view !== 'preview'}>
          <TemplatePreview subject={subject} htmlBody={htmlBody} />
        </Card>
      </div>
    </div>
  );
}
