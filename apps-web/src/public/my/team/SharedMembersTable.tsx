import { Tag } from '@blueprintjs/core';
import { roleLabelOf, type SharedMember, type TeamPillar, type TeamRoleChoice } from '@msp/shared/browser';
import { LevelBadge } from '../../../components/LevelBadge.js';
import { useT } from '../../../lib/i18n/i18n-context.js';

/**
 * The colleagues who chose to share: name, role, overall level and each pillar's level of their
 * latest assessment. Wider than a phone: it scrolls in its own box, which takes keyboard focus.
 */
export function SharedMembersTable({
  members,
  pillars,
  roles,
}: {
  members: readonly SharedMember[];
  /** The role question's answers, to name each member's role in the page's language. */
  roles: readonly TeamRoleChoice[];
  /** The team's pillars, for the columns' order and names. */
  pillars: readonly TeamPillar[];
}) {
  const t = useT();
  if (members.length === 0) return <p className="muted">{t('team.members.none')}</p>;
  return (
    <div className="team-members" tabIndex={0} role="region" aria-label={t('team.members.caption')}>
      <table className="team-members__table">
        <caption className="visually-hidden">{t('team.members.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('team.members.name')}</th>
            <th scope="col">{t('team.members.role')}</th>
            <th scope="col">{t('team.members.overall')}</th>
            {pillars.map((pillar) => (
              <th key={pillar.pillarKey} scope="col">
                {pillar.pillarName}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {members.map((member, index) => (
            <tr key={`${member.name}-${index}`} className={member.you ? 'team-members__you' : undefined}>
              <th scope="row">
                {member.name}{' '}
                {member.you && (
                  <Tag minimal intent="primary">
                    {t('team.members.you')}
                  </Tag>
                )}
              </th>
              <td>
                {member.role ? (
                  roleLabelOf(roles, member.role)
                ) : (
                  <span className="muted">{t('team.members.noRole')}</span>
                )}
              </td>
              <td>
                <LevelBadge level={member.overallLevel} />
              </td>
              {pillars.map((pillar) => {
                const level = member.pillars.find((p) => p.pillarKey === pillar.pillarKey)?.level;
                return (
                  <td key={pillar.pillarKey} className="team-members__level">
                    {level ?? '–'}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
