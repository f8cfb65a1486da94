import { Intent } from '@blueprintjs/core';
import type { TeamMembershipUpdate, TeamView } from '@msp/shared/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n/i18n-context.js';
import { useToast } from '../../../lib/toasts.js';
import { useApi } from '../../../platform/platform-context.js';
import { teamKey } from './team-queries.js';

/**
 * The member's choices: share or not, leave or rejoin. Sharing changes only the member's own row,
 * so the view is patched at once; leaving and rejoining change what the team's figures count, so
 * the view is read again.
 */
export function useMembership() {
  const api = useApi();
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: TeamMembershipUpdate) => api.call('updateTeamMembership', { body: update }),
    onSuccess: async (membership, update) => {
      queryClient.setQueriesData<TeamView>({ queryKey: teamKey }, (view) => view && { ...view, membership });
      await queryClient.invalidateQueries({ queryKey: teamKey });
      const message =
        update.member === false
          ? 'team.choices.leftToast'
          : update.member === true
            ? 'team.rejoined'
            : membership.shares
              ? 'team.choices.shared'
              : 'team.choices.unshared';
      toast.show({ title: t(message), intent: Intent.SUCCESS });
    },
    onError: () => toast.show({ title: t('team.choices.failed'), intent: Intent.DANGER }),
  });
}
