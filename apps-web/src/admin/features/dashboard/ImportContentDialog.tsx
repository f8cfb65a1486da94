import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { ContentDocument } from '@msp/shared/browser';
import { errorBody, errorText, hasStatus } from '../../../lib/api-errors.js';
import { formatDateTime } from '../../lib/format-date.js';
import { useImportContent } from './queries.js';

/** A file the admin chose to import: its parsed JSON, or why it could not be read. */
export type ChosenFile = { name: string; document: unknown } | { name: string; readError: string };

export interface ImportContentDialogProps {
  file: ChosenFile;
  isOpen: boolean;
  onClose: () => void;
  /** Closes the dialog and opens the file picker again. */
  onChooseAnother: () => void;
}

/** How many problems the dialog lists before summing up the rest. */
const MAX_ISSUES_SHOWN = 20;

/** The problems of a refused import: the 400's `issues`, else its message, else the error itself. */
function importIssues(error: unknown): { field: string; message: string }[] | null {
  if (!hasStatus(error, 400)) return null;
  const body = errorBody(error);
  if (body?.issues?.length) return body.issues;
  return [{ field: '', message: body?.message ?? errorText(error) }];
}

const LISTS = [
  ['pillars', 'pillar', 'pillars'],
  ['questions', 'question', 'questions'],
  ['demographicFields', 'demographic field', 'demographic fields'],
  ['matrixCells', 'matrix cell', 'matrix cells'],
  ['emailTemplates', 'email template', 'email templates'],
] as const;

/** "6 pillars, 30 questions, …" for what the file holds, as far as it looks like an export. */
function describeContents(document: unknown): { summary: string | null; exportedAt: string } {
  if (typeof document !== 'object' || document === null) return { summary: null, exportedAt: '' };
  const record = document as Record<string, unknown>;
  const parts = LISTS.flatMap(([key, one, many]) => {
    const list = record[key];
    return Array.isArray(list) ? [`${list.length} ${list.length === 1 ? one : many}`] : [];
  });
  const summary = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  const exportedAt = typeof record.exportedAt === 'string' ? formatDateTime(record.exportedAt) : '';
  return { summary: summary ?? null, exportedAt };
}

/**
 * Confirms an import, which replaces all content, and sends it. The server checks the whole file
 * and changes nothing when anything is wrong; its problems are listed here.
 */
export default function ImportContentDialog({
  file,
  isOpen,
  onClose,
  onChooseAnother,
}: ImportContentDialogProps) {
  const importContent = useImportContent({ onImported: onClose });
  const issues = importIssues(importContent.error);
  const busy = importContent.isPending;

  let body;
  if ('readError' in file) {
    body = (
      <Callout intent={Intent.DANGER} icon={IconNames.ERROR} title="This file cannot be imported">
        <p>
          <strong>{file.name}</strong> is not a JSON file: {file.readError}
        </p>
      </Callout>
    );
  } else {
    const { summary, exportedAt } = describeContents(file.document);
    body = (
      <>
        <Callout intent={Intent.WARNING} icon={IconNames.WARNING_SIGN} title="This replaces all content">
          Importing replaces all pillars, questions, demographic fields, matrix cells and email templates with
          the contents of the file. Submissions are kept. This cannot be undone: export the current content
          first if you may want it back.
        </Callout>
        <dl className="admin-facts">
          <div>
            <dt>File</dt>
            <dd>{file.name}</dd>
          </div>
          {summary && (
            <div>
              <dt>Contents</dt>
              <dd>{summary}</dd>
            </div>
          )}
          {exportedAt && (
            <div>
              <dt>Exported</dt>
              <dd>{exportedAt}</dd>
            </div>
          )}
        </dl>
        {issues && (
          <Callout
            intent={Intent.DANGER}
            icon={IconNames.ERROR}
            title="The file was not imported"
            className="import-dialog__issues"
          >
            <p>
              Nothing was changed. Fix {issues.length === 1 ? 'this problem' : 'these problems'} in the file
              and import it again:
            </p>
            <ul aria-label="Problems in the file">
              {issues.slice(0, MAX_ISSUES_SHOWN).map((issue, index) => (
                <li key={index}>
                  {issue.field && <code>{issue.field}</code>}
                  {issue.field && ': '}
                  {issue.message}
                </li>
              ))}
            </ul>
            {issues.length > MAX_ISSUES_SHOWN && <p>and {issues.length - MAX_ISSUES_SHOWN} more.</p>}
          </Callout>
        )}
      </>
    );
  }

  const canImport = 'document' in file && !issues;

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Import content"
      icon={IconNames.UPLOAD}
      className="admin-dialog"
      canOutsideClickClose={!busy}
      canEscapeKeyClose={!busy}
      isCloseButtonShown={!busy}
    >
      <DialogBody>{body}</DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} disabled={busy} />
            {!canImport && (
              <Button
                intent={Intent.PRIMARY}
                icon={IconNames.DOCUMENT_OPEN}
                text="Choose another file"
                onClick={onChooseAnother}
              />
            )}
            {canImport && (
              <Button
                intent={Intent.DANGER}
                icon={IconNames.IMPORT}
                text="Replace all content"
                loading={busy}
                // The server validates the whole document; what it refuses is listed above.
                onClick={() => importContent.mutate(file.document as ContentDocument)}
              />
            )}
          </>
        }
      />
    </Dialog>
  );
}
