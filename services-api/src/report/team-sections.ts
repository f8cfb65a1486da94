import { COVER_LAYOUT } from '@msp/shared';
import { INK, type Flow, type StructElement } from './layout.js';
import {
  BODY,
  clamp,
  coverMasthead,
  heading,
  LEVEL_COLORS,
  levelLabel,
  percentText,
  section,
  SMALL,
  style,
} from './sections.js';
import { drawSpreadChart, spreadChartHeight } from './spread-chart.js';
import { drawTable } from './table.js';
import type { TeamReportInput, TeamReportMeans } from './team-types.js';

/** A mean level with its one decimal, in the report's language ("1.5", "1,5"). */
const meanText = (input: TeamReportInput, value: number) => input.t('report.team.level', { value });

export function teamCover(flow: Flow, root: StructElement, input: TeamReportInput): void {
  const { t } = input;
  const { doc } = flow;
  const sect = section(flow, root, false);
  const { panelRadius, panelStripe } = COVER_LAYOUT;
  coverMasthead(flow, sect, input, t('report.team.title'));
  flow.paragraph(sect, 'P', input.organisation.domain, style(14, 'bold'), { gapAfter: 2 });
  flow.paragraph(
    sect,
    'P',
    t('report.team.cover.assessed', { count: input.organisation.assessed }),
    style(12),
  );
  flow.y += 8;
  flow.paragraph(sect, 'P', t('report.cover.preparedBy', { providerName: input.provider.name }), BODY, {
    gapAfter: 2,
  });
  flow.paragraph(sect, 'P', t('report.team.cover.asOf', { date: input.organisation.date }), BODY);
  flow.paragraph(
    sect,
    'P',
    t(input.audience === 'members' ? 'report.team.cover.membersCopy' : 'report.team.cover.operatorCopy'),
    SMALL,
  );
  flow.y += 28;

  const level = input.overall.meanLevel;
  const panelHeight = 150;
  const panelTop = flow.y;
  flow.artifact(() => {
    doc.roundedRect(flow.left, panelTop, flow.width, panelHeight, panelRadius).fill(INK.panel);
    doc.rect(flow.x(0, panelStripe), panelTop, panelStripe, panelHeight).fill(LEVEL_COLORS[clamp(level)]!);
  });
  flow.y += 18;
  const inset = { offset: 24, width: flow.width - 48 };
  flow.paragraph(sect, 'P', t('report.team.banner.eyebrow'), style(10, 'bold', INK.muted), {
    ...inset,
    gapAfter: 6,
  });
  flow.paragraph(
    sect,
    'P',
    t('report.team.banner.level', { value: meanText(input, level) }),
    style(26, 'bold', input.branding.accentColor),
    { ...inset, gapAfter: 4 },
  );
  flow.paragraph(sect, 'P', t('report.team.banner.nearest', { level: levelLabel(input, level) }), style(12), {
    ...inset,
    gapAfter: 4,
  });
  flow.paragraph(
    sect,
    'P',
    t('report.team.banner.average', { value: percentText(input, input.overall.meanPercentage) }),
    SMALL,
    inset,
  );
  flow.y = panelTop + panelHeight;
  sect.end();
}

export function teamPillars(flow: Flow, root: StructElement, input: TeamReportInput): void {
  const { t, doc } = { t: input.t, doc: flow.doc };
  const sect = section(flow, root, true);
  heading(flow, sect, input, 'H2', t('report.team.pillars.heading'));
  drawTable(
    flow,
    sect,
    [
      { header: t('report.table.pillar'), width: 0.3 },
      { header: t('report.team.table.members'), width: 0.15 },
      { header: t('report.team.table.meanLevel'), width: 0.17 },
      { header: t('report.team.table.range'), width: 0.19 },
      { header: t('report.team.table.meanScore'), width: 0.19 },
    ],
    input.pillars.map((p) => [
      p.name,
      String(p.members),
      meanText(input, p.meanLevel),
      t('report.team.range', { lowest: p.lowestLevel, highest: p.highestLevel }),
      percentText(input, p.meanPercentage),
    ]),
  );
  flow.y += 20;

  const bars = input.pillars.map((p) => ({
    label: p.name,
    lowest: p.lowestLevel,
    highest: p.highestLevel,
    mean: p.meanLevel,
  }));
  flow.ensure(spreadChartHeight(flow, bars) + 90);
  heading(flow, sect, input, 'H2', t('report.team.spread.heading'));
  flow.paragraph(sect, 'P', t('report.team.spread.lead'), BODY);
  const description = input.pillars
    .map((p) =>
      t('report.team.spread.pillar', {
        pillar: p.name,
        lowest: p.lowestLevel,
        highest: p.highestLevel,
        mean: meanText(input, p.meanLevel),
      }),
    )
    .join('; ');
  const figure = doc.struct('Figure', { alt: t('report.team.spread.alt', { description }) });
  sect.add(figure);
  flow.marked(figure, 'Figure', () => drawSpreadChart(flow, bars, input.branding.accentColor));
  figure.end();
  sect.end();
}

/** A table of means: the roles', or the months'. */
function meansTable(
  flow: Flow,
  sect: StructElement,
  input: TeamReportInput,
  first: string,
  rows: TeamReportMeans[],
) {
  const { t } = input;
  drawTable(
    flow,
    sect,
    [
      { header: first, width: 0.4 },
      { header: t('report.team.table.members'), width: 0.18 },
      { header: t('report.team.table.meanLevel'), width: 0.2 },
      { header: t('report.team.table.meanScore'), width: 0.22 },
    ],
    rows.map((row) => [
      row.label,
      String(row.members),
      meanText(input, row.meanLevel),
      percentText(input, row.meanPercentage),
    ]),
  );
}

export function teamRolesAndHistory(flow: Flow, root: StructElement, input: TeamReportInput): void {
  const { t } = input;
  // After the chart, on its page while they fit: two short tables need no page of their own.
  const sect = section(flow, root, false);
  flow.y += 24;
  flow.ensure(120);
  heading(flow, sect, input, 'H2', t('report.team.roles.heading'));
  if (input.roles.length) meansTable(flow, sect, input, t('report.team.table.role'), input.roles);
  else flow.paragraph(sect, 'P', t('report.team.roles.none'), BODY);
  flow.y += 20;
  heading(flow, sect, input, 'H2', t('report.team.history.heading'));
  if (input.history.length) {
    flow.paragraph(sect, 'P', t('report.team.history.lead'), BODY);
    meansTable(flow, sect, input, t('report.team.table.month'), input.history);
  } else flow.paragraph(sect, 'P', t('report.team.history.none'), BODY);
  sect.end();
}

export function teamQuestions(flow: Flow, root: StructElement, input: TeamReportInput): void {
  const { t, doc } = { t: input.t, doc: flow.doc };
  const sect = section(flow, root, true);
  heading(flow, sect, input, 'H2', t('report.team.questions.heading'));
  if (!input.questions.length) {
    flow.paragraph(sect, 'P', t('report.team.questions.none'), BODY);
    sect.end();
    return;
  }
  flow.paragraph(sect, 'P', t('report.team.questions.lead'), BODY);
  flow.y += 6;
  input.questions.forEach((question, index) => {
    flow.ensure(90);
    flow.paragraph(sect, 'H3', `${index + 1}. ${question.question}`, style(11.5, 'bold'), {
      gapAfter: 3,
      keepWithNext: 40,
    });
    flow.paragraph(
      sect,
      'P',
      t('report.team.questions.scores', {
        members: question.members,
        lowest: question.lowest,
        highest: question.highest,
      }),
      style(9.5, 'regular', INK.muted),
      { gapAfter: 4 },
    );
    const list = doc.struct('L');
    sect.add(list);
    for (const answer of question.answers) {
      const li = doc.struct('LI');
      list.add(li);
      flow.paragraph(
        li,
        'LBody',
        t('report.team.questions.answer', { answer: answer.text, count: answer.count }),
        BODY,
        { offset: 14, width: flow.width - 14, gapAfter: 3 },
      );
      li.end();
    }
    list.end();
    flow.y += 12;
  });
  sect.end();
}

export function teamMembers(flow: Flow, root: StructElement, input: TeamReportInput): void {
  const { t } = input;
  const sect = section(flow, root, false);
  flow.y += 12;
  flow.ensure(120);
  const operator = input.audience === 'operator';
  heading(
    flow,
    sect,
    input,
    'H2',
    t(operator ? 'report.team.members.allHeading' : 'report.team.members.sharedHeading'),
  );
  if (!input.members.length) {
    flow.paragraph(sect, 'P', t('report.team.members.none'), BODY);
    sect.end();
    return;
  }
  drawTable(
    flow,
    sect,
    [
      // Wide enough for a name and, on the operator's copy, a whole address on one line.
      { header: t('report.team.table.name'), width: 0.42 },
      { header: t('report.team.table.role'), width: 0.2 },
      { header: t('report.table.level'), width: 0.21 },
      { header: t('report.team.table.assessedOn'), width: 0.17 },
    ],
    input.members.map((m) => [
      [m.name, operator ? m.email : null, m.left ? t('report.team.members.left') : null]
        .filter(Boolean)
        .join('\n'),
      m.role ?? '',
      levelLabel(input, m.overallLevel),
      m.date,
    ]),
  );
  if (input.membersNotListed > 0) {
    flow.y += 6;
    flow.paragraph(sect, 'P', t('report.team.members.notListed', { count: input.membersNotListed }), BODY);
  }
  sect.end();
}
