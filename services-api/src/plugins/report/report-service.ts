import { createHash } from 'node:crypto';
import type { Messages, ReportPaper } from '@msp/shared';
import { reportRenderThread } from '../../report/render-thread.js';
import type { ReportInput } from '../../report/types.js';
import type { AnalysisWriter } from '../submissions/follow-ups/analysis.js';
import type { Submission } from '../submissions/submission-reads.js';
import { ReportCache } from '../../report/report-cache.js';
import { assembleReportInput, type ReportSources } from './report-input.js';
import { reportDisposition } from './report-file.js';

/** Reports drawn at once, on the drawing thread: more would only hold more documents in memory at once. */
const CONCURRENT_RENDERS = 1;

/** A digest per catalogue object: the language's texts are cached, and replaced when any changes. */
const messageDigests = new WeakMap<object, string>();
function digestOf(value: object, text: () => string): string {
  let digest = messageDigests.get(value);
  if (!digest) messageDigests.set(value, (digest = createHash('sha256').update(text()).digest('hex')));
  return digest;
}

/** A drawn report and the Content-Disposition it is sent with. */
export interface RenderedReport {
  pdf: Buffer;
  disposition: string;
}

/**
 * The PDF reports: each assembled from the same reads as the results page, drawn once and kept
 * (see ReportCache), drawn one at a time, and the same drawing shared by requests that ask for it
 * together.
 */
export class ReportService {
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly sources: ReportSources,
    /** The instance's kept reports, which every deletion of submissions empties of theirs. */
    readonly cache: ReportCache,
  ) {}

  /**
   * The report of a submission; `analysis` replaces the sources' writer, for a reader that may
   * wait longer for the analysis job (the results email).
   */
  async render(
    submission: Submission,
    options: { language: string; paper: ReportPaper; analysis?: AnalysisWriter },
  ): Promise<RenderedReport> {
    const sources = options.analysis ? { ...this.sources, analysis: options.analysis } : this.sources;
    const { input, messages, fallback } = await assembleReportInput(sources, submission, options);
    const key = this.keyOf(input, messages);
    const disposition = reportDisposition(input.person.company, submission.submittedAt);
    const cached = this.cache.get(key);
    if (cached) return { pdf: cached, disposition };
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.draw(input, messages, fallback).then((pdf) => {
        this.cache.set(key, submission.id, pdf);
        return pdf;
      });
      this.inFlight.set(key, pending);
      void pending.finally(() => this.inFlight.delete(key)).catch(() => undefined);
    }
    return { pdf: await pending, disposition };
  }

  private keyOf(input: ReportInput, messages: object): string {
    const { t: _t, branding, ...shown } = input;
    const logo = branding.logo && digestOf(branding.logo.png, () => branding.logo!.png.toString('base64'));
    return ReportCache.keyOf({
      shown,
      accent: branding.accentColor,
      logo,
      messages: digestOf(messages, () => JSON.stringify(messages)),
    });
  }

  private async draw(input: ReportInput, messages: Messages, fallback: Messages): Promise<Buffer> {
    // A finished drawing hands its slot straight to the next in line.
    if (this.running >= CONCURRENT_RENDERS) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await reportRenderThread.render(input, messages, fallback);
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
