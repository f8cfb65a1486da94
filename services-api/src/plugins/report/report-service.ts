import type { ReportPaper } from '@msp/shared';
import { reportRenderThread } from '../../report/render-thread.js';
import type { AnalysisWriter } from '../submissions/follow-ups/analysis.js';
import type { Submission } from '../submissions/submission-reads.js';
import { ReportCache } from '../../report/report-cache.js';
import { Slots } from '../../report/slots.js';
import { assembleReportInput, type ReportSources } from './report-input.js';
import { reportDisposition } from './report-file.js';

/**
 * Reports whose reads run at once. Each reads the results, the analysis, the peer comparison and
 * the content, several queries at a time: 20 downloads at once took the whole connection pool and
 * held submits waiting for a connection. Two keep the drawing thread fed and leave the pool to
 * the rest of the server.
 */
const CONCURRENT_ASSEMBLIES = 2;

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
  private readonly assemblies = new Slots(CONCURRENT_ASSEMBLIES);

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
    // Outside the reads' slots: the analysis may wait for its job, and the reads would wait behind it.
    const written = await (options.analysis ?? this.sources.analysis).ensure(submission);
    const { input, messages, fallback } = await this.assemblies.run(() =>
      assembleReportInput(this.sources, submission, written, options),
    );
    const pdf = await this.cache.getOrDraw(
      ReportCache.reportKey('submission', input, messages),
      submission.id,
      () => reportRenderThread.render(input, messages, fallback),
    );
    return { pdf, disposition: reportDisposition(input.person.company, submission.submittedAt) };
  }
}
