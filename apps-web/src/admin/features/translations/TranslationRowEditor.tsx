import { Button, Classes, Intent, Spinner, Tag, TextArea } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { TranslationGridRow } from '@msp/shared/browser';
import { memo, useId, type KeyboardEvent } from 'react';
import { STATUS_LABELS } from './translation-filters.js';
import { useRowSave } from './use-row-save.js';

const STATUS_INTENTS = {
  translated: Intent.SUCCESS,
  missing: Intent.DANGER,
  changed: Intent.WARNING,
} as const;

export interface LanguageLabel {
  tag: string;
  name: string;
  dir: 'ltr' | 'rtl';
}

export interface TranslationRowEditorProps {
  row: TranslationGridRow;
  language: LanguageLabel;
  source: LanguageLabel;
}

/**
 * One text: where it shows, its source, and its translation edited in place, saved on blur (or
 * with Save, or Ctrl+Enter) with its state beside it. Emptying the box deletes the translation.
 */
export const TranslationRowEditor = memo(function TranslationRowEditor({
  row,
  language,
  source,
}: TranslationRowEditorProps) {
  const { draft, edit, dirty, state, commit } = useRowSave(language.tag, row.unit, row.target);
  const id = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void commit();
    }
  };
  const lines = Math.min(8, Math.max(2, Math.ceil(row.source.length / 70)));

  return (
    <li className="translation-row" aria-labelledby={`${id}-context`}>
      <div className="translation-row__head">
        <span id={`${id}-context`} className="translation-row__context">
          {row.context}
        </span>
        <code className={`translation-row__unit ${Classes.TEXT_MUTED}`}>{row.unit}</code>
        <Tag minimal intent={STATUS_INTENTS[row.status]}>
          {STATUS_LABELS[row.status]}
        </Tag>
      </div>
      <div className="translation-row__texts">
        <div className="translation-row__source">
          <span className="translation-row__label" id={`${id}-source`}>
            {source.name} (source)
          </span>
          <p lang={source.tag} dir={source.dir}>
            {row.source}
          </p>
        </div>
        <div className="translation-row__target">
          <label className="translation-row__label" htmlFor={`${id}-target`}>
            {language.name}
          </label>
          <TextArea
            id={`${id}-target`}
            lang={language.tag}
            dir={language.dir}
            fill
            rows={lines}
            value={draft}
            placeholder="Not translated: visitors read the source"
            intent={state.kind === 'error' ? Intent.DANGER : Intent.NONE}
            aria-describedby={`${id}-state`}
            aria-invalid={state.kind === 'error' || undefined}
            onChange={(event) => edit(event.currentTarget.value)}
            onBlur={() => void commit()}
            onKeyDown={onKeyDown}
          />
          <div className="translation-row__actions">
            <span id={`${id}-state`} className="translation-row__state" role="status">
              <SaveStateText state={state} dirty={dirty} />
            </span>
            <Button
              size="small"
              text="Save"
              icon={IconNames.TICK}
              disabled={!dirty || state.kind === 'saving'}
              onClick={() => void commit()}
            />
          </div>
        </div>
      </div>
    </li>
  );
});

function SaveStateText({ state, dirty }: { state: ReturnType<typeof useRowSave>['state']; dirty: boolean }) {
  switch (state.kind) {
    case 'saving':
      return (
        <>
          <Spinner size={12} aria-hidden /> Saving…
        </>
      );
    case 'saved':
      return <span className="translation-row__saved">Saved</span>;
    case 'error':
      return <span className="translation-row__error">Not saved: {state.message}</span>;
    default:
      return dirty ? <span className={Classes.TEXT_MUTED}>Unsaved changes</span> : null;
  }
}
