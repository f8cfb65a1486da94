import { Callout, Intent, ProgressBar } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { Ref } from 'react';
import type { SaveFileProgress } from '../../../platform/platform.js';
import { sizeText } from './export-dialog-text.js';

export interface ExportStatusProps {
  /** The server found nothing for the filter: its words. */
  nothingMatches: string | null;
  /** The server is busy with other exports: its words. */
  serverBusy: string | null;
  /** Where the message is, to scroll it into view. */
  messageRef: Ref<HTMLDivElement>;
  /** The export under way, or null. */
  progress: SaveFileProgress | null;
}

/** Below the export form: why nothing was saved, or how far the download has come. */
export function ExportStatus({ nothingMatches, serverBusy, messageRef, progress }: ExportStatusProps) {
  return (
    <>
      {nothingMatches && (
        <div ref={messageRef} className="export-dialog__empty">
          <Callout intent={Intent.WARNING} icon={IconNames.WARNING_SIGN} role="alert">
            {nothingMatches} Widen the dates, or choose other submitters or another domain.
          </Callout>
        </div>
      )}

      {serverBusy && (
        <div ref={messageRef} className="export-dialog__empty">
          <Callout intent={Intent.WARNING} icon={IconNames.TIME} role="alert" title="Server busy">
            {serverBusy}
          </Callout>
        </div>
      )}

      {progress && (
        <div className="admin-list admin-note" role="status">
          <ProgressBar
            intent={Intent.PRIMARY}
            value={progress.totalBytes ? progress.loadedBytes / progress.totalBytes : undefined}
          />
          <span>
            {progress.loadedBytes > 0
              ? `Downloaded ${sizeText(progress.loadedBytes)}`
              : 'Preparing the export…'}
          </span>
        </div>
      )}
    </>
  );
}
