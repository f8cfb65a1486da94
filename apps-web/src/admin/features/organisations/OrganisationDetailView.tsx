import { Button, Card, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import type { OrganisationDetail } from '@msp/shared/browser';
import { useState } from 'react';
import { errorText, hasStatus } from '../../../lib/api-errors.js';
import { AdminState } from '../../components/AdminState.js';
import { ListSkeleton } from '../../components/ListSkeleton.js';
import { LoadFailedState } from '../../components/LoadFailedState.js';
import { Pager } from '../../components/Pager.js';
import { formatDateTime } from '../../lib/format-date.js';
import { useAdminHref } from '../../routing.js';
import { HistoryChart } from './HistoryChart.js';
import { levelText, percentText, trendText } from './organisation-text.js';
import { SpreadChart } from './SpreadChart.js';
import { useOrganisation } from './queries.js';

export interface OrganisationDetailViewProps {
  domain: string;
  onBack: () => void;
}

/**
 * One organisation: its figures, its members (verified or not, role, sharing, each one's
 * submissions linking to their detail), the spread of their latest levels per pillar and per
 * role, and the team's history by month.
 */
export function OrganisationDetailView({ domain, onBack }: OrganisationDetailViewProps) {
  const [membersPage, setMembersPage] = useState(1);
  const detail = useOrganisation(domain, membersPage);
  const back = (
    <Button variant="minimal" icon={IconNames.ARROW_LEFT} text="All organisations" onClick={onBack} />
  );
  let content;
  if (detail.isPending) {
    content = (
      <ListSkeleton
        label="Loading the organisation"
        listClassName="skeleton-rows"
        cardClassName=""
        bare
        count={4}
      />
    );
  } else if (detail.isError) {
    content = hasStatus(detail.error, 404) ? (
      <AdminState
        headingLevel={2}
        icon={IconNames.OFFICE}
        title="No such organisation"
        description={`No one has assessed from ${domain}, or it is a free-mail domain.`}
      />
    ) : (
      <LoadFailedState
        title="Failed to fetch the organisation"
        description={<code className="admin-error-text">{errorText(detail.error)}</code>}
        query={detail}
      />
    );
  } else {
    content = (
      <OrganisationContent
        detail={detail.data}
        loadingMembers={detail.isPlaceholderData}
        onMembersPage={setMembersPage}
      />
    );
  }
  return (
    <div>
      <div className="organisation-back">{back}</div>
      <header className="admin-page-header">
        <div>
          <h1 className="admin-page-header__title admin-wrap">{domain}</h1>
          <p className="admin-page-header__description">
            Everyone who assessed from this domain, how far apart they see the company, and how the team
            moved.
          </p>
        </div>
      </header>
      {content}
    </div>
  );
}

function OrganisationContent({
  detail,
  loadingMembers,
  onMembersPage,
}: {
  detail: OrganisationDetail;
  /** While another page of the members loads. */
  loadingMembers: boolean;
  onMembersPage: (page: number) => void;
}) {
  const href = useAdminHref();
  const { organisation, members, membersPagination, figures, roles, history } = detail;
  const facts: [string, string][] = [
    ['Members', `${organisation.members} (${organisation.verifiedMembers} verified)`],
    ['Submissions', String(organisation.submissions)],
    ['Team level', levelText(organisation.teamLevel)],
    ['Team average', percentText(organisation.teamAverage)],
    ['Trend', trendText(organisation.trend)],
    ['Last submission', formatDateTime(organisation.lastSubmittedAt)],
  ];
  return (
    <div className="organisation-detail">
      <Card className="organisation-facts" role="region" aria-label="Figures">
        <dl>
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Card>

      <Card role="region" aria-labelledby="organisation-spread">
        <h2 id="organisation-spread" className="organisation-heading">
          Spread per pillar
        </h2>
        <p className="admin-note">
          Each member’s latest level: the bar runs from the lowest to the highest, the dot is the mean. A long
          bar is a team that sees the pillar differently.
        </p>
        {figures ? (
          <SpreadChart figures={figures} />
        ) : (
          <p className="admin-note">No member has scores yet.</p>
        )}
        {roles.length > 0 && (
          <>
            <h3 className="organisation-heading organisation-roles-heading">By role</h3>
            {roles.map(({ role, figures: byRole }) => (
              <section key={role} aria-label={`Spread per pillar, ${role}`} className="organisation-role">
                <h4 className="organisation-role__title">
                  {role} <span className="admin-note">({byRole.members} members)</span>
                </h4>
                <SpreadChart figures={byRole} />
              </section>
            ))}
          </>
        )}
      </Card>

      <Card role="region" aria-labelledby="organisation-history">
        <h2 id="organisation-history" className="organisation-heading">
          History
        </h2>
        <HistoryChart history={history} />
      </Card>

      <Card role="region" aria-labelledby="organisation-members">
        <h2 id="organisation-members" className="organisation-heading">
          Members
        </h2>
        <div className="organisations-table-wrap">
          <HTMLTable className="admin-table organisation-members" compact>
            <caption className="visually-hidden">Members and their submissions</caption>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Role</th>
                <th scope="col">Submissions</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.email}>
                  <td>
                    <div className="organisation-member">
                      <strong className="admin-wrap">{member.name ?? member.email}</strong>
                      {member.name && <span className="admin-wrap admin-note">{member.email}</span>}
                      <span className="admin-inline">
                        {member.verified && (
                          <Tag minimal intent={Intent.SUCCESS} icon={IconNames.TICK_CIRCLE}>
                            Verified
                          </Tag>
                        )}
                        {member.shares && <Tag minimal>Shares with colleagues</Tag>}
                        {member.left && (
                          <Tag minimal intent={Intent.WARNING}>
                            Left the team view
                          </Tag>
                        )}
                      </span>
                    </div>
                  </td>
                  <td className="admin-wrap">
                    {member.role ?? <span className="admin-note">Not given</span>}
                  </td>
                  <td>
                    <ul className="organisation-submissions">
                      {member.submissions.map((submission) => (
                        <li key={submission.submissionId}>
                          <a href={`${href('submissions')}?id=${submission.submissionId}`}>
                            <time dateTime={submission.submittedAt}>
                              {formatDateTime(submission.submittedAt)}
                            </time>
                          </a>{' '}
                          <span className="admin-note">
                            level {submission.overallLevel}, {percentText(submission.cumulativeAverage)}
                            {submission.fromInvite ? ', from an invite' : ''}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
        {membersPagination.totalPages > 1 && (
          <Pager
            label="Pages of members"
            pagination={membersPagination}
            loading={loadingMembers}
            onPage={onMembersPage}
          />
        )}
      </Card>
    </div>
  );
}
