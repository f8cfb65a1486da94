import { createHash } from 'node:crypto';
import type { ReportFrame } from './types.js';

/** A digest per object (a catalogue, a logo), kept while the object is: both are cached and replaced on change. */
const digests = new WeakMap<object, string>();
function digestOf(value: object, bytes: () => string | Buffer): string {
  let digest = digests.get(value);
  if (!digest) digests.set(value, (digest = createHash('sha256').update(bytes()).digest('hex')));
  return digest;
}

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
  /** Drawings under way, by key: requests asking for the same report together share one. */
  private readonly drawing = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly maxEntries = 64,
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly maxAgeMs = 15 * 60_000,
  ) {}

  /**
   * The key of a report of `kind` (a submission's, a team's): everything its input shows, its
   * branding, and the catalogue it is worded from.
   */
  static reportKey(kind: string, input: ReportFrame, messages: object): string {
    const { t: _t, branding, ...shown } = input;
    const logo = branding.logo;
    const parts = {
      kind,
      shown,
      accent: branding.accentColor,
      logo: logo && digestOf(logo.png, () => logo.png),
      messages: digestOf(messages, () => JSON.stringify(messages)),
    };
    return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  }

  /** The report under `key`: kept, already being drawn (that drawing shared), or drawn by `draw` and kept. */
  async getOrDraw(
    key: string,
    shown: string | readonly string[],
    draw: () => Promise<Buffer>,
  ): Promise<Buffer> {
    const kept = this.get(key);
    if (kept) return kept;
    let pending = this.drawing.get(key);
    if (!pending) {
      pending = draw().then((pdf) => {
        this.set(key, shown, pdf);
        return pdf;
      });
      this.drawing.set(key, pending);
      void pending.finally(() => this.drawing.delete(key)).catch(() => undefined);
    }
    return pending;
  }

  private get(key: string): Buffer | undefined {
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

  private set(key: string, shown: string | readonly string[], pdf: Buffer): void {
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
