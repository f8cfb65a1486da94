import { Card, Classes, Icon, Intent } from '@blueprintjs/core';
import { IconNames, type IconName } from '@blueprintjs/icons';
import type { AdminStats } from '@msp/shared/browser';
import { LoadFailedState } from '../../components/LoadFailedState.js';
import { useAdminStats } from './queries.js';

interface StatDefinition {
  key: keyof AdminStats;
  label: string;
  icon: IconName;
}

/** The four dashboard counts, in the order the dashboard shows them. */
const STATS: readonly StatDefinition[] = [
  { key: 'activePillars', label: 'Active Pillars', icon: IconNames.LAYERS },
  { key: 'assessmentQuestions', label: 'Assessment Questions', icon: IconNames.HELP },
  { key: 'demographicFields', label: 'Demographic Fields', icon: IconNames.ID_NUMBER },
  { key: 'submissions', label: 'Submissions', icon: IconNames.INBOX },
];

const numberFormat = new Intl.NumberFormat('en-US');

/** The counts: four skeleton cards while they load, the retryable error state if they cannot. */
export function StatsOverview() {
  const stats = useAdminStats();

  if (stats.isError) {
    return (
      <Card className="tile-grid">
        <LoadFailedState
          title="Failed to Load Dashboard"
          description="Unable to fetch dashboard statistics. Please try again."
          query={stats}
        />
      </Card>
    );
  }

  return (
    <section aria-labelledby="dashboard-stats-heading" aria-busy={stats.isPending}>
      <h2 id="dashboard-stats-heading" className="visually-hidden">
        Overview
      </h2>
      {stats.isPending ? (
        <div className="tile-grid dashboard-stats" role="status" aria-label="Loading statistics">
          {STATS.map((stat) => (
            <Card key={stat.key} className="stat-tile" aria-hidden>
              <Icon icon={stat.icon} size={24} className={Classes.SKELETON} />
              <span className="stat-tile__text">
                <span className={Classes.SKELETON}>{stat.label}</span>
                <span className={`stat-tile__value dashboard-stat__placeholder ${Classes.SKELETON}`}>00</span>
              </span>
            </Card>
          ))}
        </div>
      ) : (
        <ul className="tile-grid dashboard-stats">
          {STATS.map((stat) => (
            <li key={stat.key}>
              <Card className="stat-tile">
                <Icon icon={stat.icon} size={24} intent={Intent.PRIMARY} aria-hidden />
                <span className="stat-tile__text">
                  <span>{stat.label}</span>
                  <span className="stat-tile__value">{numberFormat.format(stats.data[stat.key])}</span>
                </span>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
