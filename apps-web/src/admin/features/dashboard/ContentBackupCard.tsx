import { Button, Card } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { lazy, Suspense, useRef, useState, type ChangeEvent } from 'react';
import type { ChosenFile } from './ImportContentDialog.js';
import { useExportContent } from './queries.js';

const loadImportDialog = () => import('./ImportContentDialog.js');
const ImportContentDialog = lazy(loadImportDialog);

/** Reads a chosen file as JSON; a file that is not JSON is kept with the reason, for the dialog. */
async function readJsonFile(file: File): Promise<ChosenFile> {
  try {
    return { name: file.name, document: JSON.parse(await file.text()) as unknown };
  } catch (error) {
    return {
      name: file.name,
      readError: error instanceof Error ? error.message : 'The file could not be read.',
    };
  }
}

/**
 * Content backup: the whole questionnaire, matrix, fields and templates as one JSON file, and the
 * way back from such a file.
 */
export function ContentBackupCard() {
  const exportContent = useExportContent();
  const fileInput = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ file: ChosenFile; key: number } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const onFileChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared, so choosing the same file again still reports a change.
    input.value = '';
    if (!file) return;
    const read = await readJsonFile(file);
    // A new key per file: the dialog starts afresh, without the last file's problems.
    setChosen((last) => ({ file: read, key: (last?.key ?? 0) + 1 }));
    setDialogOpen(true);
  };

  return (
    <Card className="admin-card" role="region" aria-labelledby="dashboard-backup-heading">
      <h2 id="dashboard-backup-heading" className="admin-title admin-title--head">
        Content backup
      </h2>
      <p className="admin-intro">
        Save the pillars, questions, demographic fields, matrix and email templates as one JSON file, or
        restore them from one. Submissions are not part of the file.
      </p>
      <div className="admin-inline">
        <Button
          icon={IconNames.DOWNLOAD}
          text="Export content"
          loading={exportContent.isPending}
          onClick={() => exportContent.mutate()}
        />
        <Button
          icon={IconNames.UPLOAD}
          text="Import content"
          onClick={() => fileInput.current?.click()}
          onMouseEnter={() => void loadImportDialog()}
          onFocus={() => void loadImportDialog()}
        />
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Content file to import"
          onChange={(event) => void onFileChosen(event)}
        />
      </div>
      {chosen && (
        <Suspense fallback={null}>
          <ImportContentDialog
            key={chosen.key}
            file={chosen.file}
            isOpen={dialogOpen}
            onClose={() => setDialogOpen(false)}
            onChooseAnother={() => {
              setDialogOpen(false);
              fileInput.current?.click();
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}
