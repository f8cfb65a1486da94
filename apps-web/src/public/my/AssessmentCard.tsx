import { AnchorButton, Card, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { urlFor, type VisitorAssessment } from '@msp/shared/browser';
import { LevelBadge } from '../../components/LevelBadge.js';
import { LinkButton } from '../../components/LinkButton.js';
import { useLanguage, useT } from '../../lib/i18n/i18n-context.js';
import { ChangeTag } from './ChangeTag.js';

/** "61.4%" in the page's language. */
const percent = (value: number, language: string) =>
  new Intl.NumberFormat(language, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value / 100);

/**
 * One assessment of the history: when, the overall level and average with their change since the
 * one before, each pillar's level and score with its change, and the ways to its results and report.
 */
export function AssessmentCard({
  assessment,
  latest,
  date,
}: {
  assessment: VisitorAssessment;
  latest: boolean;
  /** The day it was taken, as the page writes dates. */
  date: string;
}) {
  const t = useT();
  const { language } = useLanguage();
  const headingId = `assessment-${assessment.submissionId}`;
  return (
    <Card className="my-assessment" role="region" aria-labelledby={headingId}>
      <header className="my-assessment__header">
        <h3 id={headingId} className="my-assessment__title">
          {t('my.takenOn', { date })}
          {latest && (
            <Tag minimal intent="primary" className="my-assessment__latest">
              {t('my.latest')}
            </Tag>
          )}
        </h3>
        <div className="my-assessment__overall">
          <span className="muted">{t('my.overall')}</span> <LevelBadge level={assessment.overallLevel} />{' '}
          <span className="muted">
            {t('my.average', { value: percent(assessment.cumulativeAverage, language) })}
          </span>
        </div>
        {assessment.change ? (
          <ChangeTag change={assessment.change} />
        ) : (
          <span className="muted">{t('my.first')}</span>
        )}
      </header>
      <table className="my-assessment__pillars">
        <caption className="visually-hidden">{t('my.pillars')}</caption>
        <tbody>
          {assessment.pillars.map((pillar) => (
            <tr key={pillar.pillarKey}>
              <th scope="row">{pillar.pillarName}</th>
              <td>
                <LevelBadge level={pillar.level} />
              </td>
              <td className="my-assessment__score">{percent(pillar.percentage, language)}</td>
              <td>{pillar.change && <ChangeTag change={pillar.change} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="my-assessment__links">
        <LinkButton
          to={`/results/${assessment.submissionId}`}
          icon={IconNames.CHART}
          variant="minimal"
          aria-label={t('my.resultsLabel', { date })}
        >
          {t('my.viewResults')}
        </LinkButton>
        <AnchorButton
          href={urlFor('getResultsReport', { submissionId: assessment.submissionId }, { lang: language })}
          icon={IconNames.DOWNLOAD}
          variant="minimal"
          aria-label={t('my.reportLabel', { date })}
          download
        >
          {t('my.report')}
        </AnchorButton>
      </div>
    </Card>
  );
}
