import type { ApiClient } from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { queryKey } from '../../../lib/query-keys.js';

/** Every language's copy of the team view: dropped together when a choice or a session changes it. */
export const teamKey = queryKey('getTeam');
export const teamInvitesKey = queryKey('listTeamInvites');

/** The signed-in visitor's team and the invites they sent; a 401 means nobody is signed in here. */
export const teamQueries = {
  team: (api: ApiClient, lang: string) =>
    queryOptions({
      queryKey: [...teamKey, lang],
      queryFn: ({ signal }) => api.call('getTeam', { query: { lang }, signal }),
    }),
  invites: (api: ApiClient) =>
    queryOptions({
      queryKey: teamInvitesKey,
      queryFn: ({ signal }) => api.call('listTeamInvites', { signal }),
    }),
};
