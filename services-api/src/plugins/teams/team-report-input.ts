import { roleLabelOf, type Messages, type ReportPaper } from '@msp/shared';
import type { Config } from '../../config.js';
import type { ContentCache } from '../../db/content-cache.js';
import type { Database } from '../../db/knex.js';
import { NotFoundError } from '../../domain/errors.js';
import {
  MIN_TEAM_MEMBERS,
  mostDisagreed,
  questionDisagreements,
  roleFigures,
  teamFigures,
  teamHistory,
  type AnswerTally,
} from '../../domain/team-figures.js';
import type { TeamReportInput, TeamReportMember } from '../../report/team-types.js';
import { readBranding } from '../branding/branding-service.js';
import { readPublicConfig } from '../config/public-config.js';
import { publicContent } from '../content/public-content.js';
import { readActiveDemographicFields } from '../demographic-fields/demographic-fields-service.js';
import { readLanguageTexts } from '../languages/languages-service.js';
import { localizeQuestions, type ContentTexts } from '../languages/localize.js';
import { tallySubmissionAnswers } from './organisation-assessments.js';
import { memberName, readTeam } from './team-view.js';
import { roleChoicesOf } from './team-invites.js';

/**
 * The most members the report lists by name: a team of a couple of hundred in full. An
 * organisation of thousands would print a hundred pages of names; the domain's submissions export lists everyone.
 */
export const TEAM_REPORT_MEMBERS_MAX = 300;

export interface TeamReportSources {
  db: Database;
  cache: ContentCache;
  config: Config;
}

export interface TeamReportRequest {
  domain: string;
  /** The members' copy (a member's session) or the operator's (the admin, a key). */
  audience: TeamReportInput['audience'];
  language: string | undefined;
  paper: ReportPaper;
}

/** A team report's input, its catalogue, and the submissions it shows (for the cache to forget). */
export interface AssembledTeamReport {
  input: TeamReportInput;
  messages: Messages;
  fallback: Messages;
  submissionIds: string[];
}

/**
 * Who the report counts (as the team view does for the members' copy; everyone for the
 * operator's) and names: on the members' copy only those who share. Not found for an
 * organisation nobody assessed from, and for the members' copy under `MIN_TEAM_MEMBERS`.
 */
async function countedMembers(sources: TeamReportSources, request: TeamReportRequest, texts: ContentTexts) {
  const team = await readTeam(sources.db, request.domain, texts, request.audience);
  const { latest } = team;
  if (latest.length === 0) throw new NotFoundError(`Nobody at ${request.domain} has taken the assessment`);
  const members = request.audience === 'members';
  if (members && latest.length < MIN_TEAM_MEMBERS) {
    throw new NotFoundError(
      `The team report appears once ${MIN_TEAM_MEMBERS} members have assessed; ${latest.length} so far`,
    );
  }
  return { ...team, named: latest.filter((m) => !members || team.sharing.has(m.email)) };
}

/** The members' latest answers counted, each in the report's language where the question is still asked. */
async function answerTalliesOf(
  sources: TeamReportSources,
  texts: Awaited<ReturnType<typeof readLanguageTexts>>,
  submissionIds: string[],
): Promise<AnswerTally[]> {
  const content = publicContent(sources.db, sources.cache);
  const [stored, pillars, questions] = await Promise.all([
    tallySubmissionAnswers(sources.db, submissionIds),
    content.pillars(),
    content.publicQuestions(),
  ]);
  const pillarKeys = new Map(pillars.map((pillar) => [pillar.id, pillar.key]));
  const local = new Map(localizeQuestions(questions, texts, pillarKeys).map((q) => [q.key, q]));
  return stored.map((tally) => {
    const question = local.get(tally.questionKey);
    return {
      ...tally,
      questionText: question?.text ?? tally.questionText,
      answerText: question?.answers.find((a) => a.id === tally.answerId)?.text ?? tally.answerText,
    };
  });
}

/**
 * Everything an organisation's team report shows, from its members' latest assessments: the
 * figures the team view shows (teamFigures, roleFigures, teamHistory), the questions they
 * disagreed on most, and the members the copy may name. Not found for an organisation nobody
 * assessed from, and for the members' copy under `MIN_TEAM_MEMBERS`.
 */
export async function assembleTeamReport(
  sources: TeamReportSources,
  request: TeamReportRequest,
): Promise<AssembledTeamReport> {
  const { db, cache, config } = sources;
  const texts = await readLanguageTexts(db, cache, request.language);
  const [{ counted, latest, named, left }, publicConfig, branding, fields] = await Promise.all([
    countedMembers(sources, request, texts),
    readPublicConfig(db, cache, config, texts.language),
    readBranding(db, cache, config),
    readActiveDemographicFields(db, cache),
  ]);
  const submissionIds = latest.map((m) => m.submissionId);
  const figures = teamFigures(latest)!;
  const questions = mostDisagreed(
    questionDisagreements(await answerTalliesOf(sources, texts, submissionIds)),
  );
  const roles = roleChoicesOf(fields, texts);
  const roleName = (role: string) => roleLabelOf(roles, role);
  const day = new Intl.DateTimeFormat(texts.language, { dateStyle: 'long', timeZone: 'UTC' });
  const shortDay = new Intl.DateTimeFormat(texts.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(texts.language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const history = teamHistory(counted).filter(
    (point) => request.audience === 'operator' || point.members >= MIN_TEAM_MEMBERS,
  );
  const everyone = named
    .map((m): TeamReportMember => ({
      name: memberName(m),
      email: request.audience === 'operator' ? m.email : null,
      role: m.role && roleName(m.role),
      overallLevel: m.overallLevel,
      date: shortDay.format(m.submittedAt),
      left: left.has(m.email),
    }))
    .sort(
      (a, b) => a.name.localeCompare(b.name, texts.language) || (a.email ?? '').localeCompare(b.email ?? ''),
    );
  const input: TeamReportInput = {
    language: texts.language,
    rtl: texts.dir === 'rtl',
    paper: request.paper,
    t: texts.t,
    productName: config.productName,
    provider: {
      name: publicConfig.providerName,
      callToActionLabel: publicConfig.callToActionLabel,
      callToActionUrl: publicConfig.callToActionUrl,
    },
    branding,
    audience: request.audience,
    organisation: { domain: request.domain, date: day.format(new Date()), assessed: latest.length },
    overall: { meanLevel: figures.meanLevel, meanPercentage: figures.meanPercentage },
    pillars: figures.pillars.map((p) => ({
      name: p.pillarName,
      members: p.members,
      meanLevel: p.meanLevel,
      meanPercentage: p.meanPercentage,
      lowestLevel: p.lowestLevel,
      highestLevel: p.highestLevel,
    })),
    roles: roleFigures(latest).map(({ role, figures: f }) => ({
      label: roleName(role),
      members: f.members,
      meanLevel: f.meanLevel,
      meanPercentage: f.meanPercentage,
    })),
    history: history.map((point) => ({
      label: month.format(new Date(point.month)),
      members: point.members,
      meanLevel: point.meanLevel,
      meanPercentage: point.meanPercentage,
    })),
    questions: questions.map((q) => ({
      question: q.questionText,
      members: q.members,
      lowest: q.lowest,
      highest: q.highest,
      answers: q.answers.map(({ text, count }) => ({ text, count })),
    })),
    members: everyone.slice(0, TEAM_REPORT_MEMBERS_MAX),
    membersNotListed: Math.max(0, everyone.length - TEAM_REPORT_MEMBERS_MAX),
  };
  return { input, messages: texts.messages, fallback: texts.fallback, submissionIds };
}
