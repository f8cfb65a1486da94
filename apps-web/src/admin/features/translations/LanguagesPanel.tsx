import { Button, HTMLSelect, Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { LANGUAGES, type AdminLanguage } from '@msp/shared/browser';
import { useState } from 'react';
import { AdminPanel } from '../../components/AdminPanel.js';
import { ConfirmAlert } from '../../components/ConfirmAlert.js';
import { useAddLanguage, useRemoveLanguage, useSetDefaultLanguage } from './queries.js';

const count = new Intl.NumberFormat('en-US');

export interface LanguagesPanelProps {
  languages: AdminLanguage[];
  /** The language whose texts the grid shows. */
  selected: string | null;
  onSelect: (tag: string) => void;
}

/** The offered languages with their progress; add one from the list, remove one, or make one the default. */
export function LanguagesPanel({ languages, selected, onSelect }: LanguagesPanelProps) {
  const offered = new Set(languages.map((language) => language.tag));
  const addable = LANGUAGES.filter((language) => !offered.has(language.tag));
  const [toAdd, setToAdd] = useState('');
  const [removing, setRemoving] = useState<AdminLanguage | null>(null);
  const [promoting, setPromoting] = useState<AdminLanguage | null>(null);
  const add = useAddLanguage({ onAdded: () => setToAdd('') });
  const remove = useRemoveLanguage({ onRemoved: () => setRemoving(null) });
  const promote = useSetDefaultLanguage({ onDone: () => setPromoting(null) });

  return (
    <AdminPanel role="region" aria-labelledby="languages-heading">
      <div className="admin-panel__header">
        <h2 id="languages-heading" className="admin-title">
          Languages
        </h2>
        <form
          className="admin-inline languages-add"
          onSubmit={(event) => {
            event.preventDefault();
            if (toAdd) add.mutate(toAdd, { onSuccess: () => onSelect(toAdd) });
          }}
        >
          <HTMLSelect
            aria-label="Language to add"
            value={toAdd}
            onChange={(event) => setToAdd(event.currentTarget.value)}
          >
            <option value="">Choose a language…</option>
            {addable.map((language) => (
              <option key={language.tag} value={language.tag}>
                {language.name} ({language.tag})
              </option>
            ))}
          </HTMLSelect>
          <Button
            type="submit"
            icon={IconNames.ADD}
            text="Add language"
            disabled={!toAdd}
            loading={add.isPending}
          />
        </form>
      </div>
      <ul className="languages-list">
        {languages.map((language) => (
          <li
            key={language.tag}
            className="languages-list__item"
            aria-current={language.tag === selected || undefined}
          >
            <div className="languages-list__name">
              <strong>{language.name}</strong>{' '}
              <span lang={language.tag} dir={language.dir}>
                {language.nativeName}
              </span>{' '}
              <code>{language.tag}</code>
              {language.isDefault && (
                <Tag minimal intent={Intent.PRIMARY} className="languages-list__default">
                  Default (source)
                </Tag>
              )}
            </div>
            <p className="languages-list__counts">
              {language.isDefault
                ? `${count.format(language.counts.total)} texts: the source every translation is made from`
                : `${count.format(language.counts.translated)} of ${count.format(language.counts.total)} translated · ${count.format(language.counts.missing)} missing · ${count.format(language.counts.changed)} changed since translated`}
            </p>
            {!language.isDefault && (
              <div className="admin-inline languages-list__actions">
                <Button
                  size="small"
                  icon={IconNames.TRANSLATE}
                  text={language.tag === selected ? 'Translating' : 'Translate'}
                  active={language.tag === selected}
                  aria-label={`${language.tag === selected ? 'Translating' : 'Translate'} ${language.name}`}
                  onClick={() => onSelect(language.tag)}
                />
                <Button
                  size="small"
                  icon={IconNames.STAR}
                  text="Make default"
                  aria-label={`Make default (${language.name})`}
                  onClick={() => setPromoting(language)}
                />
                <Button
                  size="small"
                  intent={Intent.DANGER}
                  variant="minimal"
                  icon={IconNames.TRASH}
                  text="Remove"
                  aria-label={`Remove ${language.name}`}
                  onClick={() => setRemoving(language)}
                />
              </div>
            )}
          </li>
        ))}
      </ul>
      <ConfirmAlert
        isOpen={removing !== null}
        intent={Intent.DANGER}
        icon={IconNames.TRASH}
        confirmButtonText="Remove language"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      >
        <p>
          Remove {removing?.name}? Its{' '}
          {count.format(removing ? removing.counts.translated + removing.counts.changed : 0)} translations are
          deleted, and visitors who chose it read the default language.
        </p>
      </ConfirmAlert>
      <ConfirmAlert
        isOpen={promoting !== null}
        intent={Intent.PRIMARY}
        icon={IconNames.STAR}
        confirmButtonText="Make default"
        busy={promote.isPending}
        onConfirm={() => promoting && promote.mutate(promoting)}
        onCancel={() => setPromoting(null)}
      >
        <p>
          Make {promoting?.name} the default language? Its translations become the texts of the content, and
          the current default&apos;s texts become its translations. Visitors without a choice of their own
          read {promoting?.name}.
        </p>
        {promoting && promoting.counts.missing > 0 && (
          <p className="languages-warning">
            {promoting.name} still has {count.format(promoting.counts.missing)} missing texts: the server
            refuses until every text is translated.
          </p>
        )}
      </ConfirmAlert>
    </AdminPanel>
  );
}
