import type { OrganisationDetail } from '@msp/shared/browser';
import { levelText, percentText } from './organisation-text.js';

// Drawn at about its size on a phone, and at most a little larger (organisations.css): its text
// stays readable at both ends.
const WIDTH = 400;
const HEIGHT = 150;
const PAD = { left: 24, right: 12, top: 10, bottom: 24 };

const monthName = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * The team's mean level by month (each member's latest at the month's end), 0-3, as a line; its
 * figures as a table for screen readers and anyone who wants the numbers.
 */
export function HistoryChart({ history }: { history: OrganisationDetail['history'] }) {
  if (history.length === 0) return <p className="admin-note">No history yet.</p>;
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) =>
    PAD.left + (history.length === 1 ? innerWidth / 2 : (index / (history.length - 1)) * innerWidth);
  const y = (level: number) => PAD.top + innerHeight - (level / 3) * innerHeight;
  const points = history.map((point, index) => `${x(index)},${y(point.meanLevel)}`).join(' ');
  const labelEvery = Math.max(1, Math.ceil(history.length / 6));
  return (
    <figure className="history-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label="Team level by month, 0 to 3">
        {[0, 1, 2, 3].map((level) => (
          <g key={level}>
            <line
              className="history-chart__grid"
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(level)}
              y2={y(level)}
            />
            <text className="history-chart__axis" x={PAD.left - 8} y={y(level) + 4} textAnchor="end">
              {level}
            </text>
          </g>
        ))}
        <polyline className="history-chart__line" points={points} fill="none" />
        {history.map((point, index) => (
          <g key={point.month}>
            <circle className="history-chart__point" cx={x(index)} cy={y(point.meanLevel)} r={4} />
            {index % labelEvery === 0 && (
              <text
                className="history-chart__axis"
                x={x(index)}
                y={HEIGHT - 6}
                // The first and last labels end at the chart's edges rather than past them.
                textAnchor={
                  index === 0 && history.length > 1
                    ? 'start'
                    : index === history.length - 1 && history.length > 1
                      ? 'end'
                      : 'middle'
                }
              >
                {monthName.format(new Date(point.month))}
              </text>
            )}
          </g>
        ))}
      </svg>
      <details className="history-chart__table">
        <summary>The figures by month</summary>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Members</th>
              <th scope="col">Team level</th>
              <th scope="col">Team average</th>
            </tr>
          </thead>
          <tbody>
            {history.map((point) => (
              <tr key={point.month}>
                <td>{monthName.format(new Date(point.month))}</td>
                <td>{point.members}</td>
                <td>{levelText(point.meanLevel)}</td>
                <td>{percentText(point.meanPercentage)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
