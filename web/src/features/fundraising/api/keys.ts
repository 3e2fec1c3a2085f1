import { ACCOUNT_QUERY_KEY } from '../../../lib/account';

/** What every visitor reads (lists, event and page, donors, comments): shared by all visitors of a country. */
export const publicFundraisingKey = ['fundraising'] as const;
/** What a signed-in member reads (their role on a page, its team, their own fundraising): forgotten on sign-out. */
export const memberFundraisingKey = [...ACCOUNT_QUERY_KEY, 'fundraising'] as const;
/** An event or a page as its team sees it: the two differ in the API only by path. */
export interface Team {
  kind: 'event' | 'page';
  id: string;
}
/** One event's or page's management data (members, invitations, offline gifts, the caller's role). */
export const teamKey = (team: Team) => [...memberFundraisingKey, team.kind, team.id] as const;
export const pageTeamKey = (pageId: string) => teamKey({ kind: 'page', id: pageId });
/** The API path of an event or a page by its id: /fundraising/events/{eventId} or /fundraising/pages/{pageId}. */
export const teamPath = (team: Team) => `/fundraising/${team.kind}s/${segment(team.id)}`;
/** One charity console's fundraising; a change refreshes all of it. */
export const charityFundraisingKey = (charityId: string) => [...ACCOUNT_QUERY_KEY, 'charity-fundraising', charityId] as const;
export const backOfficeFundraisingKey = [...ACCOUNT_QUERY_KEY, 'back-office', 'fundraising'] as const;

/** A path segment, encoded. */
export const segment = (value: string) => encodeURIComponent(value);

/** A query string from the values that are set ('' when none). */
export function searchOf(values: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}
