import { Button, Classes, FormGroup, Intent, Tag, TextArea } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { LEAD_NOTE_EDIT_MINUTES, LEAD_NOTE_MAX_LENGTH, type LeadNote } from '@msp/shared/browser';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../lib/format-date.js';
import { usePermission } from '../../api/session.js';
import { useAddLeadNote, useEditLeadNote } from './lead-queries.js';

const count = new Intl.NumberFormat('en-US');

/** "120 / 5,000 characters", marked when past the limit. */
function LengthNote({ text, id }: { text: string; id: string }) {
  const over = text.length > LEAD_NOTE_MAX_LENGTH;
  return (
    <span id={id} className={over ? 'lead-note__length lead-note__length--over' : 'lead-note__length'}>
      {count.format(text.length)} / {count.format(LEAD_NOTE_MAX_LENGTH)} characters
      {over && ' — too long'}
    </span>
  );
}

/** Whether a note's author may still correct it, by the deadline the server gave (re-checked each minute). */
function useStillEditable(editableUntil: string | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!editableUntil) return;
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, [editableUntil]);
  return editableUntil !== null && new Date(editableUntil).getTime() > now;
}

function NoteItem({
  note,
  submissionId,
  canWork,
}: {
  note: LeadNote;
  submissionId: string;
  canWork: boolean;
}) {
  const editable = useStillEditable(note.editableUntil) && canWork;
  const [draft, setDraft] = useState<string | null>(null);
  const save = useEditLeadNote({ onSaved: () => setDraft(null) });
  const lengthId = `lead-note-${note.id}-length`;
  return (
    <li className="lead-note">
      <p className="admin-note lead-note__meta">
        <strong>{note.author.name}</strong>
        {note.author.kind === 'api_key' && (
          <Tag minimal round>
            API key
          </Tag>
        )}
        <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
        {note.editedAt && <span className={Classes.TEXT_MUTED}>edited</span>}
      </p>
      {draft === null ? (
        <>
          {/* Shown as the text it is: whatever markup it holds is only characters. */}
          <p className="lead-note__text admin-wrap">{note.text}</p>
          {editable && (
            <Button
              size="small"
              variant="minimal"
              icon={IconNames.EDIT}
              text="Correct"
              aria-label={`Correct your note of ${formatDateTime(note.createdAt)}`}
              onClick={() => setDraft(note.text)}
            />
          )}
        </>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (draft.trim() && draft.length <= LEAD_NOTE_MAX_LENGTH) {
              save.mutate({ submissionId, noteId: note.id, text: draft });
            }
          }}
        >
          <TextArea
            fill
            autoResize
            autoFocus
            aria-label="Corrected note"
            aria-describedby={lengthId}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
          />
          <div className="admin-inline lead-note__actions">
            <LengthNote text={draft} id={lengthId} />
            <Button text="Cancel" size="small" onClick={() => setDraft(null)} disabled={save.isPending} />
            <Button
              type="submit"
              size="small"
              intent={Intent.PRIMARY}
              text="Save"
              loading={save.isPending}
              disabled={!draft.trim() || draft.length > LEAD_NOTE_MAX_LENGTH}
            />
          </div>
        </form>
      )}
    </li>
  );
}

/**
 * The lead's timeline: every note, oldest first, with who wrote it and when, and a box to add one
 * for a role that works leads. A note stays as written once its author's LEAD_NOTE_EDIT_MINUTES are over.
 */
export function LeadNotes({
  submissionId,
  notes,
}: {
  submissionId: string;
  notes: readonly LeadNote[] | undefined;
}) {
  const canWork = usePermission('work-leads');
  const [text, setText] = useState('');
  const add = useAddLeadNote({ onAdded: () => setText('') });
  const tooLong = text.length > LEAD_NOTE_MAX_LENGTH;
  return (
    <section aria-labelledby="submission-notes-heading">
      <h3 id="submission-notes-heading" className="admin-overline admin-inline submission-section__title">
        Notes
        {notes && notes.length > 0 && (
          <Tag minimal round>
            {notes.length}
          </Tag>
        )}
      </h3>
      {notes === undefined ? (
        <p className="admin-muted" role="status">
          Loading notes…
        </p>
      ) : notes.length === 0 ? (
        <p className="admin-muted">
          {canWork ? 'No notes yet. Write down what happened and what comes next.' : 'No notes yet.'}
        </p>
      ) : (
        <ol className="lead-notes" aria-label="Notes">
          {notes.map((note) => (
            <NoteItem key={note.id} note={note} submissionId={submissionId} canWork={canWork} />
          ))}
        </ol>
      )}
      {canWork && (
        <form
          className="lead-note-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim() && !tooLong) add.mutate({ submissionId, text });
          }}
        >
          <FormGroup
            label="Add a note"
            labelFor="lead-new-note"
            helperText={`Plain text. You can correct a note for ${LEAD_NOTE_EDIT_MINUTES} minutes; after that it is kept as written.`}
          >
            <TextArea
              id="lead-new-note"
              fill
              autoResize
              aria-describedby="lead-new-note-length"
              intent={tooLong ? Intent.DANGER : Intent.NONE}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
            />
          </FormGroup>
          <div className="admin-inline lead-note__actions">
            <LengthNote text={text} id="lead-new-note-length" />
            <Button
              type="submit"
              intent={Intent.PRIMARY}
              icon={IconNames.ADD}
              text="Add note"
              loading={add.isPending}
              disabled={!text.trim() || tooLong}
            />
          </div>
        </form>
      )}
    </section>
  );
}
