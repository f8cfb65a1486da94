import { Classes, Intent, ProgressBar } from '@blueprintjs/core';
import type { AdminDraft } from '@msp/shared/browser';
import { formatDateTime } from '../../lib/format-date.js';
import { languageLabel, languageName } from '../../lib/languages.js';
import { progressText, progressValue } from './use-drafts-filters.js';

export interface DraftListProps {
  drafts: readonly AdminDraft[];
}

/** "Jane Doe · Northwind IT", or whichever of the two the visitor gave so far. */
function whoText(draft: AdminDraft): string | null {
  const name = [draft.firstName, draft.lastName].filter(Boolean).join(' ');
  return [name, draft.company].filter(Boolean).join(' · ') || null;
}

/**
 * The saved drafts of one page: the address, who and which company (as typed so far), when they
 * started and were last saved, the language, and how far the visitor got. Read-only rows: the
 * draft itself is the visitor's, resumed only through their emailed link.
 */
export function DraftList({ drafts }: DraftListProps) {
  return (
    <ul className="admin-rows" aria-label="Saved drafts">
      {drafts.map((draft) => {
        const who = whoText(draft);
        const progress = progressText(draft.answered, draft.questionCount);
        return (
          <li key={draft.id} className="draft-row">
            <div className="draft-row__who">
              <strong className="admin-wrap">{draft.email}</strong>
              <span className={who ? 'admin-wrap' : `${Classes.TEXT_MUTED} admin-wrap`}>
                {who ?? 'No name or company yet'}
              </span>
              <span className="admin-inline admin-note">
                <span>
                  Started <time dateTime={draft.startedAt}>{formatDateTime(draft.startedAt)}</time>
                </span>
                <span>
                  Last activity{' '}
                  <time dateTime={draft.lastActivityAt}>{formatDateTime(draft.lastActivityAt)}</time>
                </span>
                <span title={languageLabel(draft.language)}>{languageName(draft.language)}</span>
              </span>
            </div>
            <div className="draft-row__progress">
              <span className="admin-note">{progress}</span>
              <ProgressBar
                className="draft-row__bar"
                intent={Intent.PRIMARY}
                animate={false}
                stripes={false}
                value={progressValue(draft.answered, draft.questionCount)}
                aria-label="Progress"
                aria-valuetext={progress}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
