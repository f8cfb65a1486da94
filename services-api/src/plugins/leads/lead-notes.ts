import { LEAD_NOTE_EDIT_MINUTES, type LeadNote } from '@msp/shared';
import type { Database, Executor } from '../../db/knex.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../domain/errors.js';
import { isUuid } from '../../domain/ids.js';
import {
  type LeadActor,
  type LeadChangeContext,
  leadsOf,
  lockLeads,
  queueUpdatedEvent,
} from './leads-service.js';

interface NoteRow {
  id: string | number;
  submission_id: string;
  author_kind: 'user' | 'api_key';
  author_id: number | null;
  author_name: string;
  body: string;
  created_at: Date;
  edited_at: Date | null;
  /** Whether its author may still correct it, by the database's clock. */
  editable: boolean;
}

const EDIT_WINDOW = `interval '${LEAD_NOTE_EDIT_MINUTES} minutes'`;

function toNote(row: NoteRow, viewer: LeadActor | null): LeadNote {
  const mine = viewer !== null && viewer.kind === row.author_kind && viewer.id === row.author_id;
  const createdAt = new Date(row.created_at);
  return {
    id: Number(row.id),
    text: row.body,
    author: { kind: row.author_kind, id: row.author_id, name: row.author_name },
    createdAt: createdAt.toISOString(),
    editedAt: row.edited_at ? new Date(row.edited_at).toISOString() : null,
    editableUntil:
      mine && row.editable
        ? new Date(createdAt.getTime() + LEAD_NOTE_EDIT_MINUTES * 60_000).toISOString()
        : null,
  };
}

function noteColumns(db: Executor) {
  return ['*', db.raw(`created_at > now() - ${EDIT_WINDOW} as editable`)] as const;
}

async function readNote(
  db: Executor,
  submissionId: string,
  noteId: number,
  { lock = false } = {},
): Promise<NoteRow | undefined> {
  const [row] = await db('submission_notes')
    .where({ id: noteId, submission_id: submissionId })
    .select<NoteRow[]>(...noteColumns(db))
    .modify((builder) => {
      if (lock) builder.forUpdate();
    });
  return row;
}

/** A submission's notes, oldest first; `viewer` sees which of theirs they may still correct. */
export async function notesOf(
  db: Executor,
  submissionId: string,
  viewer: LeadActor | null,
): Promise<LeadNote[]> {
  const rows = await db<NoteRow>('submission_notes')
    .where('submission_id', submissionId)
    .select<NoteRow[]>(...noteColumns(db))
    .orderBy([{ column: 'created_at' }, { column: 'id' }]);
  return rows.map((row) => toNote(row, viewer));
}

/** Adds a note to a submission's timeline: audited (by its length, not its text) and sent as `submission.updated`. */
export async function addLeadNote(
  db: Database,
  submissionId: string,
  text: string,
  context: LeadChangeContext,
): Promise<LeadNote> {
  if (!isUuid(submissionId)) throw new NotFoundError('Submission not found');
  return db.transaction(async (trx) => {
    const [row] = await lockLeads(trx, [submissionId]);
    if (!row) throw new NotFoundError('Submission not found');
    const [created] = await trx('submission_notes')
      .insert({
        submission_id: submissionId,
        author_kind: context.actor.kind,
        author_id: context.actor.id,
        author_name: context.actor.name,
        body: text,
      })
      .returning<{ id: string | number }[]>('id');
    const inserted = await readNote(trx, submissionId, Number(created!.id));
    await trx('submissions').where('id', submissionId).increment('note_count', 1);
    const note = toNote(inserted!, context.actor);
    // The text may name people: the trail, which outlives every erasure, keeps only its length.
    await context.audit(trx, {
      targetId: submissionId,
      summary: { noteId: note.id, characters: text.length },
    });
    if (context.webhooksOn) {
      const lead = (await leadsOf(trx, [{ ...row, note_count: row.note_count + 1 }])).get(row.id)!;
      const { id, text: noteText, author, createdAt } = note;
      await queueUpdatedEvent(
        trx,
        submissionId,
        context.actor,
        { note: { id, text: noteText, author, createdAt } },
        lead,
      );
    }
    return note;
  });
}

/**
 * Corrects a note: only by its author, and only within LEAD_NOTE_EDIT_MINUTES of its writing (by
 * the database's clock); after that it is kept as written.
 */
export async function editLeadNote(
  db: Database,
  submissionId: string,
  noteId: number,
  text: string,
  context: Omit<LeadChangeContext, 'webhooksOn'>,
): Promise<LeadNote> {
  if (!isUuid(submissionId)) throw new NotFoundError('Note not found');
  return db.transaction(async (trx) => {
    const note = await readNote(trx, submissionId, noteId, { lock: true });
    if (!note) throw new NotFoundError('Note not found');
    const { actor } = context;
    if (note.author_kind !== actor.kind || note.author_id !== actor.id) {
      throw new ForbiddenError('Only its author can correct a note');
    }
    if (!note.editable) {
      throw new ConflictError(
        `A note can be corrected for ${LEAD_NOTE_EDIT_MINUTES} minutes after it is written; this one is kept as written`,
      );
    }
    await trx('submission_notes').where('id', noteId).update({ body: text, edited_at: trx.fn.now() });
    const updated = await readNote(trx, submissionId, noteId);
    await context.audit(trx, { targetId: submissionId, summary: { noteId, characters: text.length } });
    return toNote(updated!, actor);
  });
}
