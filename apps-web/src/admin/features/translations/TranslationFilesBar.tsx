import { Button, Callout, Checkbox, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useRef, useState, type ChangeEvent } from 'react';
import { errorBody, errorText } from '../../../lib/api-errors.js';
import { useExportTranslations, useImportTranslations } from './queries.js';

/**
 * Export of one language for a translator (XLIFF 2.0 or CSV, all texts or only those to do) and
 * import of the file they send back. A refused import says why, naming the unit, and wrote nothing.
 */
export function TranslationFilesBar({ language, languageName }: { language: string; languageName: string }) {
  const [onlyPending, setOnlyPending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const exportFile = useExportTranslations();
  const importFile = useImportTranslations({});
  const refusal = importFile.error
    ? (errorBody(importFile.error)?.message ?? errorText(importFile.error))
    : null;

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared, so choosing the same file again (once corrected) still reports a change.
    input.value = '';
    if (file) importFile.mutate({ language, file });
  };

  return (
    <div className="translation-files">
      <div className="admin-inline translation-files__buttons">
        <Button
          icon={IconNames.DOWNLOAD}
          text="Export XLIFF"
          loading={exportFile.isPending && exportFile.variables?.format === 'xliff'}
          onClick={() => exportFile.mutate({ language, format: 'xliff', onlyPending })}
        />
        <Button
          icon={IconNames.DOWNLOAD}
          text="Export CSV"
          loading={exportFile.isPending && exportFile.variables?.format === 'csv'}
          onClick={() => exportFile.mutate({ language, format: 'csv', onlyPending })}
        />
        <Checkbox
          className="translation-files__pending"
          label="Only pending texts"
          checked={onlyPending}
          onChange={(event) => setOnlyPending(event.currentTarget.checked)}
        />
        <Button
          icon={IconNames.UPLOAD}
          text="Import file"
          loading={importFile.isPending}
          onClick={() => fileInput.current?.click()}
        />
        <input
          ref={fileInput}
          type="file"
          accept=".xlf,.xliff,.xml,.csv,application/xliff+xml,text/csv"
          className="visually-hidden"
          tabIndex={-1}
          aria-label={`Translation file of ${languageName} to import`}
          onChange={onFileChosen}
        />
      </div>
      {refusal && (
        <Callout
          intent={Intent.DANGER}
          icon={IconNames.ERROR}
          title="The file was not imported"
          className="translation-files__refusal"
        >
          <p>Nothing was changed. Correct the file and import it again:</p>
          <p>
            <code className="admin-error-text">{refusal}</code>
          </p>
          <Button variant="minimal" text="Dismiss" onClick={() => importFile.reset()} />
        </Callout>
      )}
    </div>
  );
}
