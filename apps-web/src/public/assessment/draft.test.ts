import { describe, expect, it } from 'vitest';
import {
  createDraftStorage,
  DRAFT_STORAGE_KEY,
  EMPTY_DRAFT,
  hasDraftProgress,
  type AssessmentDraft,
} from './draft.js';

/** Storage kept in a Map, standing in for the browser's local storage. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const draft: AssessmentDraft = {
  step: 'questions',
  demographics: { first_name: 'Priya', employee_count: '11-25' },
  answers: { '3': 12, '7': 28 },
};

describe('assessment draft storage', () => {
  it('reads the initial value while nothing is stored', () => {
    const storage = createDraftStorage(() => new MemoryStorage());
    expect(storage.getItem(DRAFT_STORAGE_KEY, EMPTY_DRAFT)).toEqual(EMPTY_DRAFT);
  });

  it('keeps a draft as JSON under its key and reads it back', () => {
    const memory = new MemoryStorage();
    const storage = createDraftStorage(() => memory);
    storage.setItem(DRAFT_STORAGE_KEY, draft);
    expect(JSON.parse(memory.getItem(DRAFT_STORAGE_KEY) ?? 'null')).toEqual(draft);
    // A fresh reader, as after a reload.
    expect(createDraftStorage(() => memory).getItem(DRAFT_STORAGE_KEY, EMPTY_DRAFT)).toEqual(draft);
  });

  it('keeps the team invite a draft was opened from across a reload', () => {
    const memory = new MemoryStorage();
    const invited: AssessmentDraft = { ...draft, teamInviteId: '0b9f6d1e-6f1c-4d8e-9a43-2f7c0f3b1a55' };
    createDraftStorage(() => memory).setItem(DRAFT_STORAGE_KEY, invited);
    expect(createDraftStorage(() => memory).getItem(DRAFT_STORAGE_KEY, EMPTY_DRAFT).teamInviteId).toBe(
      invited.teamInviteId,
    );
  });

  it('forgets the draft when it is removed', () => {
    const memory = new MemoryStorage();
    const storage = createDraftStorage(() => memory);
    storage.setItem(DRAFT_STORAGE_KEY, draft);
    storage.removeItem(DRAFT_STORAGE_KEY);
    expect(memory.length).toBe(0);
    expect(storage.getItem(DRAFT_STORAGE_KEY, EMPTY_DRAFT)).toEqual(EMPTY_DRAFT);
  });

  it('ignores a stored value that is not a draft', () => {
    const memory = new MemoryStorage();
    const read = () => createDraftStorage(() => memory).getItem(DRAFT_STORAGE_KEY, EMPTY_DRAFT);
    memory.setItem(DRAFT_STORAGE_KEY, '{not json');
    expect(read()).toEqual(EMPTY_DRAFT);
    memory.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ ...draft, step: 'results' }));
    expect(read()).toEqual(EMPTY_DRAFT);
    memory.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ ...draft, answers: { '3': 'twelve' } }));
    expect(read()).toEqual(EMPTY_DRAFT);
  });
});

describe('whether a draft is worth resuming', () => {
  it('is not, while nothing was typed or answered', () => {
    expect(hasDraftProgress(EMPTY_DRAFT)).toBe(false);
    // What the form leaves behind after a reset: every field, empty or blank.
    expect(
      hasDraftProgress({
        step: 'demographics',
        demographics: { first_name: '', company: '  ' },
        answers: {},
      }),
    ).toBe(false);
  });

  it('is, once a value was typed or chosen', () => {
    expect(
      hasDraftProgress({ ...EMPTY_DRAFT, demographics: { first_name: '', company: 'Northwind IT' } }),
    ).toBe(true);
  });

  it('is, once a question was answered', () => {
    expect(hasDraftProgress({ ...EMPTY_DRAFT, answers: { '3': 12 } })).toBe(true);
    expect(hasDraftProgress(draft)).toBe(true);
  });
});
