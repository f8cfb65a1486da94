import { Classes, HTMLTable, Icon, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { Organisation, OrganisationSort } from '@msp/shared/browser';
import { formatDateTime } from '../../lib/format-date.js';
import type { OrganisationOrder } from './queries.js';
import { levelText, trendText } from './organisation-text.js';

const count = new Intl.NumberFormat('en-US');

const COLUMNS: { sort: OrganisationSort; label: string; numeric?: boolean; narrow?: boolean }[] = [
  { sort: 'domain', label: 'Domain' },
  { sort: 'members', label: 'Members', numeric: true },
  { sort: 'submissions', label: 'Submissions', numeric: true, narrow: true },
  { sort: 'lastSubmittedAt', label: 'Last submission', narrow: true },
  { sort: 'teamLevel', label: 'Team level', numeric: true },
  { sort: 'trend', label: 'Trend', numeric: true },
];

export interface OrganisationTableProps {
  organisations: readonly Organisation[];
  order: OrganisationOrder;
  onSort: (sort: OrganisationSort) => void;
  /** The href that opens an organisation's detail. */
  hrefOf: (domain: string) => string;
  onOpen: (domain: string) => void;
}

/**
 * A page of organisations: each heading a button that sorts by it (again: the other way), the
 * domain a link to its detail. On a phone the submissions and last submission give way.
 */
export function OrganisationTable({ organisations, order, onSort, hrefOf, onOpen }: OrganisationTableProps) {
  return (
    <div className="organisations-table-wrap">
      <HTMLTable className="admin-table organisations-table" compact>
        <caption className="visually-hidden">Organisations</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => {
              const sorted = order.sort === column.sort;
              return (
                <th
                  key={column.sort}
                  scope="col"
                  aria-sort={sorted ? (order.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                  className={[
                    column.numeric && 'organisations-table__number',
                    column.narrow && 'organisations-table__wide-only',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                >
                  <button type="button" className="organisations-sort" onClick={() => onSort(column.sort)}>
                    {column.label}
                    <Icon
                      icon={sorted && order.direction === 'asc' ? IconNames.ARROW_UP : IconNames.ARROW_DOWN}
                      size={12}
                      className={sorted ? undefined : 'organisations-sort__idle'}
                    />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {organisations.map((organisation) => (
            <tr key={organisation.domain}>
              <td className="organisations-table__domain">
                <a
                  href={hrefOf(organisation.domain)}
                  onClick={(event) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                    event.preventDefault();
                    onOpen(organisation.domain);
                  }}
                >
                  {organisation.domain}
                </a>
              </td>
              <td className="organisations-table__number">
                {count.format(organisation.members)}
                {organisation.verifiedMembers > 0 && (
                  <Tag minimal round className="organisations-verified-count" title="Verified members">
                    {count.format(organisation.verifiedMembers)} verified
                  </Tag>
                )}
              </td>
              <td className="organisations-table__number organisations-table__wide-only">
                {count.format(organisation.submissions)}
              </td>
              <td className="organisations-table__wide-only">
                <time dateTime={organisation.lastSubmittedAt}>
                  {formatDateTime(organisation.lastSubmittedAt)}
                </time>
              </td>
              <td className="organisations-table__number">{levelText(organisation.teamLevel)}</td>
              <td
                className={`organisations-table__number ${organisation.trend === null ? Classes.TEXT_MUTED : ''}`}
              >
                {trendText(organisation.trend)}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
