import { COVER_LAYOUT, COVER_LEVEL_COLORS, coverLogoSize } from '@msp/shared';
import { INK, type Flow, type StructElement } from './layout.js';
import { drawRadar } from './radar.js';
import { drawTable } from './table.js';
import type { TextStyle } from './text.js';
import type { ReportFrame, ReportInput } from './types.js';

/** The level colours of the results page's badges and bars. */
export const LEVEL_COLORS: readonly string[] = COVER_LEVEL_COLORS;

/** A text style: its size, weight and ink. */
export const style = (
  size: number,
  weight: 'regular' | 'bold' = 'regular',
  color: string = INK.text,
): TextStyle => ({
  size,
  weight,
  color,
});
export const BODY = style(10.5);
export const SMALL = style(9, 'regular', INK.muted);

/** A level as a whole step of the scale, for its name and colour. */
export const clamp = (level: number) => Math.min(3, Math.max(0, Math.round(level)));

/** "Level 2: Advanced" in the report's language. */
export function levelLabel(input: Pick<ReportFrame, 't'>, level: number): string {
  const { t } = input;
  return t('level.label', { level: clamp(level), name: t(`level.${clamp(level)}.name`) });
}

/** "66.7%": the one-decimal percentage the admin, the exports and /api/v1 show. */
export function percentText(input: Pick<ReportFrame, 't'>, percentage: number): string {
  return input.t('report.percentage', { value: percentage / 100 });
}

/** A heading in the report's accent (H1, H2) or its ink (H3), kept with what follows it. */
export function heading(
  flow: Flow,
  parent: StructElement,
  input: ReportFrame,
  tag: 'H1' | 'H2' | 'H3',
  text: string,
): void {
  const size = tag === 'H1' ? 24 : tag === 'H2' ? 16 : 12.5;
  const color = tag === 'H3' ? INK.text : input.branding.accentColor;
  flow.paragraph(parent, tag, text, style(size, 'bold', color), { gapAfter: size * 0.45, keepWithNext: 60 });
}

/** A section of the document: its own structure element, starting on a new page when asked. */
export function section(flow: Flow, root: StructElement, newPage: boolean): StructElement {
  if (newPage) flow.newPage();
  const element = flow.doc.struct('Sect');
  root.add(element);
  return element;
}

/**
 * The head of a cover, the personal report's and the team report's alike: the accent band across
 * the top (as the Settings screen's preview of the cover draws it), the provider's logo, the
 * product, the title, and "Prepared for", which the caller follows with whom.
 */
export function coverMasthead(flow: Flow, sect: StructElement, input: ReportFrame, title: string): void {
  const { t } = input;
  const { doc } = flow;
  const { bandHeight, logoGap } = COVER_LAYOUT;
  flow.artifact(() => doc.rect(0, 0, doc.page.width, bandHeight).fill(input.branding.accentColor));
  flow.y += bandHeight;
  const logo = input.branding.logo;
  if (logo) {
    const { width, height } = coverLogoSize(logo.width, logo.height);
    const figure = doc.struct('Figure', {
      alt: t('report.cover.logo', { providerName: input.provider.name }),
    });
    sect.add(figure);
    flow.marked(figure, 'Figure', () => doc.image(logo.png, flow.x(0, width), flow.y, { width, height }));
    figure.end();
    flow.y += height + logoGap;
  }
  flow.paragraph(sect, 'P', input.productName, style(11, 'bold', input.branding.accentColor), {
    gapAfter: 4,
  });
  heading(flow, sect, input, 'H1', title);
  flow.y += 24;
  flow.paragraph(sect, 'P', t('report.cover.preparedFor'), SMALL, { gapAfter: 2 });
}

export function cover(flow: Flow, root: StructElement, input: ReportInput): void {
  const { t, doc } = { t: input.t, doc: flow.doc };
  const sect = section(flow, root, false);
  const { panelHeight, panelRadius, panelStripe } = COVER_LAYOUT;
  coverMasthead(flow, sect, input, t('report.title'));
  if (input.person.name) flow.paragraph(sect, 'P', input.person.name, style(14, 'bold'), { gapAfter: 2 });
  if (input.person.company) flow.paragraph(sect, 'P', input.person.company, style(12));
  flow.y += 8;
  flow.paragraph(sect, 'P', t('report.cover.preparedBy', { providerName: input.provider.name }), BODY, {
    gapAfter: 2,
  });
  flow.paragraph(sect, 'P', t('results.completedOn', { date: input.submission.date }), BODY);
  flow.y += 36;

  const level = input.submission.overallLevel;
  const panelTop = flow.y;
  flow.artifact(() => {
    doc.roundedRect(flow.left, panelTop, flow.width, panelHeight, panelRadius).fill(INK.panel);
    doc.rect(flow.x(0, panelStripe), panelTop, panelStripe, panelHeight).fill(LEVEL_COLORS[clamp(level)]!);
  });
  flow.y += 18;
  const inset = { offset: 24, width: flow.width - 48 };
  flow.paragraph(sect, 'P', t('results.banner.eyebrow'), style(10, 'bold', INK.muted), {
    ...inset,
    gapAfter: 6,
  });
  flow.paragraph(sect, 'P', levelLabel(input, level), style(26, 'bold', input.branding.accentColor), {
    ...inset,
    gapAfter: 4,
  });
  flow.paragraph(sect, 'P', t(`level.${clamp(level)}.description`), style(12), { ...inset, gapAfter: 4 });
  flow.paragraph(
    sect,
    'P',
    t('report.cover.average', { value: percentText(input, input.submission.cumulativeAverage) }),
    SMALL,
    inset,
  );
  flow.y = panelTop + panelHeight;
  sect.end();
}

export function scores(flow: Flow, root: StructElement, input: ReportInput): void {
  const { t, doc } = { t: input.t, doc: flow.doc };
  const sect = section(flow, root, true);
  heading(flow, sect, input, 'H2', t('results.radar.heading'));
  const description = input.pillars
    .map((p) =>
      t('report.radar.pillar', {
        pillar: p.name,
        percent: percentText(input, p.percentage),
        level: levelLabel(input, p.level),
      }),
    )
    .join('; ');
  const figure = doc.struct('Figure', { alt: t('report.radar.alt', { description }) });
  sect.add(figure);
  const size = Math.min(flow.width, 330);
  flow.ensure(size);
  flow.marked(figure, 'Figure', () =>
    drawRadar(
      flow,
      input.pillars.map((p) => ({ label: p.name, normalizedScore: p.normalizedScore })),
      input.branding.accentColor,
      size,
    ),
  );
  figure.end();
  flow.y += 16;

  heading(flow, sect, input, 'H2', t('results.scores.heading'));
  const columns = [
    { header: t('report.table.pillar'), width: 0.4 },
    { header: t('report.table.level'), width: 0.14 },
    { header: t('report.table.levelName'), width: 0.26 },
    { header: t('report.table.score'), width: 0.2 },
  ];
  drawTable(
    flow,
    sect,
    columns,
    input.pillars.map((p) => [
      p.name,
      String(clamp(p.level)),
      t(`level.${clamp(p.level)}.name`),
      percentText(input, p.percentage),
    ]),
    { cell: BODY },
  );
  sect.end();
}

export function pillarSections(flow: Flow, root: StructElement, input: ReportInput): void {
  const { t, doc } = { t: input.t, doc: flow.doc };
  const sect = section(flow, root, true);
  heading(flow, sect, input, 'H2', t('report.pillars.heading'));
  for (const pillar of input.pillars) {
    flow.ensure(120);
    heading(flow, sect, input, 'H3', pillar.name);
    flow.paragraph(
      sect,
      'P',
      `${levelLabel(input, pillar.level)} · ${percentText(input, pillar.percentage)}`,
      style(10.5, 'bold', LEVEL_COLORS[clamp(pillar.level)]),
    );
    const cell = (title: string, text: { shortDescription: string; detailedContent: string }) => {
      flow.paragraph(sect, 'P', title, style(10, 'bold', INK.muted), { gapAfter: 3, keepWithNext: 30 });
      flow.paragraph(sect, 'P', text.shortDescription, style(10.5, 'bold'), { gapAfter: 3 });
      if (text.detailedContent) flow.paragraph(sect, 'P', text.detailedContent, BODY);
    };
    if (pillar.current) cell(t('report.pillars.current'), pillar.current);
    if (pillar.next) cell(t('report.pillars.next'), pillar.next);
    else flow.paragraph(sect, 'P', t('report.pillars.topLevel'), BODY);
    if (pillar.lowest.length) {
      flow.paragraph(sect, 'P', t('report.pillars.lowest'), style(10, 'bold', INK.muted), {
        gapAfter: 3,
        keepWithNext: 30,
      });
      const list = doc.struct('L');
      sect.add(list);
      for (const item of pillar.lowest) {
        const li = doc.struct('LI');
        list.add(li);
        flow.paragraph(li, 'LBody', t('report.pillars.lowestItem', item), BODY, {
          offset: 12,
          width: flow.width - 12,
          gapAfter: 3,
        });
        li.end();
      }
      list.end();
    }
    flow.y += 12;
  }
  sect.end();
}

export function analysis(flow: Flow, root: StructElement, input: ReportInput): void {
  const { t, doc } = { t: input.t, doc: flow.doc };
  const sect = section(flow, root, true);
  heading(flow, sect, input, 'H2', t('results.analysis.heading'));
  const author =
    input.analysis.writtenBy === 'model'
      ? t('report.analysis.byModel', { model: input.analysis.model ?? '' })
      : t('report.analysis.byBuiltin');
  flow.paragraph(sect, 'P', author, SMALL);
  flow.paragraph(sect, 'P', input.analysis.summary, BODY);
  flow.y += 6;
  heading(flow, sect, input, 'H3', t('results.analysis.recommendations'));
  const list = doc.struct('L');
  sect.add(list);
  input.analysis.recommendations.forEach((rec, index) => {
    const li = doc.struct('LI');
    list.add(li);
    flow.paragraph(li, 'Lbl', `${index + 1}. ${rec.title}`, style(11, 'bold'), {
      gapAfter: 3,
      keepWithNext: 30,
    });
    flow.paragraph(li, 'LBody', rec.description, BODY, { offset: 14, width: flow.width - 14 });
    li.end();
  });
  list.end();
  sect.end();
}

export function comparison(flow: Flow, root: StructElement, input: ReportInput): void {
  const t = input.t;
  const sect = section(flow, root, false);
  flow.y += 12;
  flow.ensure(160);
  heading(flow, sect, input, 'H2', t('results.comparison.heading'));
  const data = input.comparison;
  if (!data) {
    flow.paragraph(sect, 'P', t('results.comparison.withheld'), BODY);
    sect.end();
    return;
  }
  flow.paragraph(
    sect,
    'P',
    t('results.comparison.lead', { count: data.count, similarity: data.similarity }),
    BODY,
  );
  flow.paragraph(
    sect,
    'P',
    t('report.comparison.overall', {
      yours: levelLabel(input, input.submission.overallLevel),
      average: t('results.comparison.averageValue', { average: data.averageLevel }),
    }),
    style(10.5, 'bold'),
  );
  flow.paragraph(sect, 'P', t('results.comparison.distribution'), style(10, 'bold', INK.muted), {
    gapAfter: 3,
  });
  for (const entry of data.distribution) {
    flow.paragraph(
      sect,
      'P',
      t('report.comparison.share', { level: levelLabel(input, entry.level), share: entry.percentage / 100 }),
      BODY,
      { offset: 12, width: flow.width - 12, gapAfter: 2 },
    );
  }
  flow.y += 6;
  flow.paragraph(sect, 'P', t('results.comparison.byPillar'), style(10, 'bold', INK.muted), { gapAfter: 3 });
  for (const p of data.pillars) {
    const values =
      p.peers === null
        ? t('results.comparison.pillarValuesNoPeers', { yours: p.yours })
        : t('results.comparison.pillarValues', { yours: p.yours, peers: p.peers });
    flow.paragraph(sect, 'P', `${p.name}: ${values}`, BODY, {
      offset: 12,
      width: flow.width - 12,
      gapAfter: 2,
    });
  }
  sect.end();
}

export function callToAction(flow: Flow, root: StructElement, input: ReportFrame): void {
  const { t, doc } = { t: input.t, doc: flow.doc };
  const sect = section(flow, root, false);
  flow.y += 16;
  flow.ensure(140);
  heading(flow, sect, input, 'H2', t('results.cta.heading'));
  flow.paragraph(sect, 'P', t('results.cta.text'), BODY);
  const labelStyle = style(11, 'bold', input.branding.accentColor);
  const text = `${input.provider.callToActionLabel}: ${input.provider.callToActionUrl}`;
  const top = flow.y;
  flow.paragraph(sect, 'Link', text, labelStyle);
  doc.link(flow.left, top, flow.width, flow.y - top, input.provider.callToActionUrl);
  sect.end();
}
