import { createHash } from 'node:crypto';

interface Entry {
  pdf: Buffer;
  /** The submissions it shows: one for a personal report, each member's latest for a team report. */
  submissionIds: readonly string[];
  storedAt: number;
}

/**
 * Reports already drawn, in memory, by a digest of everything they show: the same submission (or
 * the same members' latest submissions, for a team report) in the same language on the same
 * paper, with the same content, settings, branding, analysis and peer figures, is the same
 * document. Bounded in entries and bytes (the oldest used goes first) and in age; a deleted
 * submission's reports, personal and team, are dropped at once on this instance, and are never
 * served on another (every route reads the submissions first, and the digest changes with them).
 */
export class ReportCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 64,
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly maxAgeMs = 15 * 60_000,
  ) {}

  static keyOf(parts: unknown): string {
    return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  }

  get(key: string): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (Date.now() - entry.storedAt > this.maxAgeMs) {
      this.bytes -= entry.pdf.length;
      return undefined;
    }
    // Most recently used last: eviction takes from the front.
    this.entries.set(key, entry);
    return entry.pdf;
  }

  set(key: string, shown: string | readonly string[], pdf: Buffer): void {
    if (pdf.length > this.maxBytes) return;
    this.remove(key);
    const submissionIds = typeof shown === 'string' ? [shown] : shown;
    this.entries.set(key, { pdf, submissionIds, storedAt: Date.now() });
    this.bytes += pdf.length;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      this.remove(this.entries.keys().next().value!);
    }
  }

  /** Drops every report that shows any of the given submissions (deleted, erased or past retention). */
  forget(submissionIds: readonly string[]): void {
    const ids = new Set(submissionIds);
    for (const [key, entry] of this.entries)
      if (entry.submissionIds.some((id) => ids.has(id))) this.remove(key);
  }

  /** Whether any report showing the submission is kept. */
  holds(submissionId: string): boolean {
    return [...this.entries.values()].some((entry) => entry.submissionIds.includes(submissionId));
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.pdf.length;
  }
}
