import PDFDocument from 'pdfkit';
import { faceName, reportFonts, SCRIPTS } from './fonts.js';
import { Flow, INK, MARGIN, type StructElement } from './layout.js';
import { analysis, callToAction, comparison, cover, pillarSections, scores } from './sections.js';
import type { ReportFrame, ReportInput } from './types.js';

/** pdfkit's names of the two paper sizes. */
const PAPER = { a4: 'A4', letter: 'LETTER' } as const;

/** A part of a document: draws itself into the flow under the document's root. */
export type SectionDrawing<I> = (flow: Flow, root: StructElement, input: I) => void;

/** What one kind of report puts in the frame every report shares. */
export interface DocumentPlan<I extends ReportFrame> {
  title: string;
  subject: string;
  /** The words at the foot of page `page` of `pages`. */
  footer: (page: number, pages: number) => string;
  sections: readonly SectionDrawing<I>[];
}

/** The report's title, as the document's metadata and a reader's window name it. */
export function reportTitle(input: ReportInput): string {
  return input.t('report.documentTitle', {
    productName: input.productName,
    company: input.person.company || input.person.name || input.submission.id,
  });
}

/** The plan's words at the foot of every page, over a thin rule. */
function footers(flow: Flow, footer: (page: number, pages: number) => string): void {
  const { doc } = flow;
  const range = doc.bufferedPageRange();
  const style = { size: 8, weight: 'regular' as const, color: INK.muted };
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const text = footer(i + 1, range.count);
    const y = doc.page.height - MARGIN.bottom + 28;
    flow.artifact(() => {
      doc
        .moveTo(flow.left, y - 8)
        .lineTo(flow.left + flow.width, y - 8)
        .lineWidth(0.5)
        .strokeColor(INK.rule)
        .stroke();
      for (const line of flow.lines(text, style, flow.width))
        flow.drawLine(line, style, flow.left, flow.width, y);
    });
  }
}

/**
 * A report's document: a tagged PDF in the report's language, its fonts embedded as subsets, the
 * plan's sections in order and its footer on every page. Drawn on the report's own thread
 * (render-thread.ts), so nothing waits behind it to yield to.
 */
export async function renderDocument<I extends ReportFrame>(
  input: I,
  plan: DocumentPlan<I>,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: PAPER[input.paper],
    margin: 0,
    bufferPages: true,
    pdfVersion: '1.7',
    tagged: true,
    lang: input.language,
    displayTitle: true,
    info: {
      Title: plan.title,
      Author: input.provider.name,
      Subject: plan.subject,
      Creator: input.productName,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const fonts = reportFonts();
  for (const script of SCRIPTS) {
    for (const weight of ['regular', 'bold'] as const) {
      // By name, so each face is embedded once however often the text switches to it.
      doc.registerFont(
        faceName(script, weight),
        fonts[script][weight] as unknown as PDFKit.Mixins.PDFFontSource,
      );
    }
  }
  const flow = new Flow(doc, fonts, input.rtl);
  const root = doc.struct('Document', { lang: input.language });
  doc.addStructure(root);
  for (const draw of plan.sections) draw(flow, root, input);
  root.end();
  footers(flow, plan.footer);
  doc.end();
  return done;
}

/**
 * The PDF report of one submission, drawn from its input alone: the cover, the radar and the
 * table of scores, a section per pillar, the analysis, the peer comparison and the call to
 * action, with the reference, date and page on every page.
 */
export function renderReport(input: ReportInput): Promise<Buffer> {
  return renderDocument(input, {
    title: reportTitle(input),
    subject: input.t('report.title'),
    footer: (page, pages) =>
      input.t('report.footer', { reference: input.submission.id, date: input.submission.date, page, pages }),
    sections: [cover, scores, pillarSections, analysis, comparison, callToAction],
  });
}
