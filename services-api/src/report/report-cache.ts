import { createHash } from 'node:crypto';

interface Entry {
  pdf: Buffer;
  submissionId: string;
  storedAt: number;
}

/**
 * Reports already drawn, in memory, by a digest of everything they show: the same submission in
 * the same language on the same paper, with the same content, settings, branding, analysis and
 * peer figures, is the same document. Bounded in entries and bytes (the oldest used goes first)
 * and in age; a deleted submission's reports are dropped at once on this instance, and are never
 * served on another (every route reads the submission first, which answers 404).
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

  set(key: string, submissionId: string, pdf: Buffer): void {
    if (pdf.length > this.maxBytes) return;
    this.remove(key);
    this.entries.set(key, { pdf, submissionId, storedAt: Date.now() });
    this.bytes += pdf.length;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      this.remove(this.entries.keys().next().value!);
    }
  }

  /** Drops every report of the given submissions (deleted, erased or past retention). */
  forget(submissionIds: readonly string[]): void {
    const ids = new Set(submissionIds);
    for (const [key, entry] of this.entries) if (ids.has(entry.submissionId)) this.remove(key);
  }

  /** Whether any report of the submission is kept. */
  holds(submissionId: string): boolean {
    return [...this.entries.values()].some((entry) => entry.submissionId === submissionId);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.pdf.length;
  }
}
