import { ACCOUNT_QUERY_KEY } from '../../../lib/account-queries';

/** A report's months, 'YYYY-MM' each, both included. */
export interface MonthRange {
  from: string;
  to: string;
}

/** Every report query of a workplace starts here (under the account's key: signing out drops them). */
export const workplaceReportsKey = (workplaceId: string) => [...ACCOUNT_QUERY_KEY, 'workplace-reports', workplaceId] as const;

/** The API path of a workplace's reports. */
export const reportsPath = (workplaceId: string) => `/workplace/${encodeURIComponent(workplaceId)}/reports`;

/** '?from=2026-01&to=2026-03': sent as typed, so the API names a month it cannot read ('query.from'). */
export const rangeSearch = ({ from, to }: MonthRange) => `?${new URLSearchParams({ from, to }).toString()}`;
