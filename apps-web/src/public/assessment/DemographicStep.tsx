import {
  Button,
  Callout,
  Checkbox,
  Classes,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { ConsentStatement, PublicDemographicField } from '@msp/shared/browser';
import { useEffect, useRef, type FormEventHandler, type Ref } from 'react';
import { useT } from '../../lib/i18n/i18n-context.js';
import { ContinueLaterButton } from './ContinueLaterButton.js';
import { NODE_MARK, withNode } from '../../lib/i18n/with-node.js';
import { PrivacyNotice } from './PrivacyNotice.js';
import { useHydrated } from '../../lib/use-hydrated.js';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import {
  CONSENT_AGREED,
  CONSENT_INPUT_ID,
  CONSENT_NAME,
  demographicInputId as inputId,
  formName,
  type DemographicFormValues,
} from './demographicForm.js';

interface DemographicStepProps {
  fields: readonly PublicDemographicField[];
  /** The statement the visitor must tick to go on, or null when none is asked for. */
  consent: ConsentStatement | null;
  control: Control<DemographicFormValues>;
  errors: FieldErrors<DemographicFormValues>;
  /** Clears a field's error as soon as the visitor edits it. */
  onEdit: (name: string) => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onPrevious: () => void;
  canGoBack: boolean;
  /** Opens "Continue later"; left out until there is an address to send the link to. */
  onContinueLater?: (() => void) | undefined;
  /**
   * What the last Next that failed validation said, for screen readers (each field shows its own
   * message), which press it was (each press is announced again), and the id of the control to
   * focus.
   */
  problems: { announcement: string; attempt: number; first: string } | undefined;
  honeypot: string;
  onHoneypotChange: (value: string) => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/** Autofill hints for the well-known identifiers; the rest leave it to the browser. */
const AUTOCOMPLETE: Record<string, string> = {
  first_name: 'given-name',
  last_name: 'family-name',
  email_address: 'email',
  email: 'email',
  company: 'organization',
  company_name: 'organization',
};

export function DemographicStep({
  fields,
  consent,
  control,
  errors,
  onEdit,
  onSubmit,
  onPrevious,
  canGoBack,
  onContinueLater,
  problems,
  honeypot,
  onHoneypotChange,
  headingRef,
}: DemographicStepProps) {
  const t = useT();
  const hasRequired = consent !== null || fields.some((field) => field.isRequired);
  const hydrated = useHydrated();

  // After a failed Next, focus goes to the first field with a problem, once its message is
  // rendered and linked to it; its whole group (label and message) is scrolled into view.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!problems) return;
    const id = CSS.escape(problems.first);
    const target = formRef.current?.querySelector<HTMLElement>(`#${id}, input[name="${id}"]`);
    if (!target) return;
    target.focus({ preventScroll: true });
    (target.closest(`.${Classes.FORM_GROUP}`) ?? target).scrollIntoView({ block: 'nearest' });
  }, [problems]);

  return (
    <form
      ref={formRef}
      className="assessment-card"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="demographics-heading"
    >
      {/* Drawn by the server, the form takes input only once the app has taken it over: typed
          before, it would be lost to the form's state. */}
      <fieldset className="assessment-card__fieldset" disabled={!hydrated}>
        <p className="assessment-card__eyebrow">{t('assessment.demographics.eyebrow')}</p>
        <h1 id="demographics-heading" className="assessment-card__title" ref={headingRef} tabIndex={-1}>
          {t('assessment.demographics.title')}
        </h1>
        <Callout intent={Intent.PRIMARY} icon={IconNames.INFO_SIGN} className="assessment-card__guidance">
          {withNode(
            t('assessment.demographics.guidance', { best: NODE_MARK }),
            <strong>{t('assessment.demographics.guidanceBest')}</strong>,
          )}
        </Callout>
        {hasRequired && (
          <p className="assessment-card__hint">
            {withNode(
              t('assessment.demographics.requiredHint', { mark: NODE_MARK }),
              <span className="required-mark">*</span>,
            )}
          </p>
        )}
        <div className="demographics-grid">
          {fields.map((field) => (
            <DemographicInput
              key={field.id}
              field={field}
              control={control}
              error={errors[formName(field.identifier)]?.message}
              onEdit={onEdit}
            />
          ))}
        </div>
        {consent && (
          <ConsentCheckbox
            statement={consent}
            control={control}
            error={errors[CONSENT_NAME]?.message}
            onEdit={onEdit}
          />
        )}
        {/* Honeypot: hidden from people and assistive technology; bots that fill every input give themselves away. */}
        <div className="assessment-honeypot" aria-hidden="true">
          <label htmlFor="assessment-website">{t('assessment.demographics.honeypot')}</label>
          <input
            id="assessment-website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={honeypot}
            onChange={(event) => onHoneypotChange(event.target.value)}
          />
        </div>
        {problems && (
          <p key={problems.attempt} className="visually-hidden" role="alert">
            {problems.announcement}
          </p>
        )}
        <div className="assessment-card__actions">
          <Button
            size="large"
            variant="outlined"
            icon={IconNames.ARROW_LEFT}
            disabled={!canGoBack}
            onClick={onPrevious}
          >
            {t('assessment.previous')}
          </Button>
          <Button type="submit" size="large" intent={Intent.PRIMARY} endIcon={IconNames.ARROW_RIGHT}>
            {t('assessment.next')}
          </Button>
        </div>
        {onContinueLater && <ContinueLaterButton onClick={onContinueLater} />}
      </fieldset>
    </form>
  );
}

/**
 * What an option reads as in the visitor's language; the stored value (`options`) is what is
 * submitted and kept in the draft, so a switch of language keeps the choice.
 */
function optionLabel(field: PublicDemographicField, index: number): string {
  return field.optionLabels?.[index] ?? field.options?.[index] ?? '';
}

function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      *
    </span>
  );
}

/** The consent statement, as text, beside the checkbox the visitor must tick to go on. */
function ConsentCheckbox({
  statement,
  control,
  error,
  onEdit,
}: {
  statement: ConsentStatement;
  control: Control<DemographicFormValues>;
  error: string | undefined;
  onEdit: (name: string) => void;
}) {
  const errorId = `${CONSENT_INPUT_ID}-error`;
  return (
    <Controller
      name={CONSENT_NAME}
      control={control}
      render={({ field: controller }) => (
        <FormGroup
          className="assessment-consent"
          intent={error ? Intent.DANGER : Intent.NONE}
          helperText={error ? <span id={errorId}>{error}</span> : undefined}
        >
          <Checkbox
            id={CONSENT_INPUT_ID}
            name={CONSENT_NAME}
            inputRef={controller.ref}
            className="assessment-consent__control"
            checked={controller.value === CONSENT_AGREED}
            onChange={(event) => {
              controller.onChange(event.currentTarget.checked ? CONSENT_AGREED : '');
              onEdit(CONSENT_NAME);
            }}
            onBlur={controller.onBlur}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            labelElement={
              // Text, never markup: the administrator's words exactly, line breaks kept.
              <span className="assessment-consent__text">
                {statement.text}
                <RequiredMark />
              </span>
            }
          />
        </FormGroup>
      )}
    />
  );
}

function DemographicInput({
  field,
  control,
  error,
  onEdit,
}: {
  field: PublicDemographicField;
  control: Control<DemographicFormValues>;
  error: string | undefined;
  onEdit: (name: string) => void;
}) {
  const t = useT();
  const name = formName(field.identifier);
  const id = inputId(field.identifier);
  const errorId = `${id}-error`;
  const intent = error ? Intent.DANGER : Intent.NONE;
  const label = (
    <>
      {field.label}
      {field.isRequired && <RequiredMark />}
    </>
  );
  // An email address is asked for with what it is for beside it.
  const noticeId = field.fieldType === 'email' ? `${id}-privacy` : undefined;
  const helper =
    error || noticeId ? (
      <>
        {error && <span id={errorId}>{error}</span>}
        {noticeId && <PrivacyNotice id={noticeId} />}
      </>
    ) : undefined;
  const describedBy = [error && errorId, noticeId].filter(Boolean).join(' ');
  const a11y = {
    // The visible label carries a decorative "*"; the name stays exactly the field's label.
    'aria-label': field.label,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    'aria-required': field.isRequired || undefined,
  } as const;

  return (
    <Controller
      name={name}
      control={control}
      render={({ field: controller }) => {
        const change = (value: string) => {
          controller.onChange(value);
          onEdit(name);
        };
        if (field.fieldType === 'radio' && field.options?.length) {
          return (
            <FormGroup
              className="demographic-field demographics-grid__wide"
              intent={intent}
              helperText={helper}
            >
              <RadioGroup
                label={label}
                name={id}
                inline
                selectedValue={controller.value}
                onChange={(event) => change(event.currentTarget.value)}
                {...a11y}
                aria-label={undefined}
              >
                {field.options.map((option, index) => (
                  <Radio
                    key={option}
                    value={option}
                    label={optionLabel(field, index)}
                    inputRef={index === 0 ? controller.ref : undefined}
                  />
                ))}
              </RadioGroup>
            </FormGroup>
          );
        }
        if (field.fieldType === 'select' && field.options) {
          return (
            <FormGroup
              className="demographic-field"
              label={label}
              labelFor={id}
              intent={intent}
              helperText={helper}
            >
              <HTMLSelect
                id={id}
                name={controller.name}
                ref={controller.ref}
                fill
                large
                value={controller.value}
                onChange={(event) => change(event.currentTarget.value)}
                onBlur={controller.onBlur}
                className={error ? 'demographic-select--invalid' : undefined}
                {...a11y}
              >
                <option value="">{t('assessment.field.selectPlaceholder')}</option>
                {field.options.map((option, index) => (
                  <option key={option} value={option}>
                    {optionLabel(field, index)}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          );
        }
        const type = field.fieldType === 'email' ? 'email' : field.fieldType === 'number' ? 'number' : 'text';
        return (
          <FormGroup
            className="demographic-field"
            label={label}
            labelFor={id}
            intent={intent}
            helperText={helper}
          >
            <InputGroup
              id={id}
              name={controller.name}
              inputRef={controller.ref}
              type={type}
              size="large"
              intent={intent}
              inputMode={type === 'number' ? 'decimal' : type === 'email' ? 'email' : undefined}
              autoComplete={AUTOCOMPLETE[field.identifier] ?? (type === 'email' ? 'email' : undefined)}
              value={controller.value}
              onValueChange={(value) => change(value)}
              onBlur={controller.onBlur}
              {...a11y}
            />
          </FormGroup>
        );
      }}
    />
  );
}
