import { ACCOUNT_QUERY_KEY } from '../../../lib/account';

/** Public volunteering data (lists, role pages): shared by every visitor of a country. */
export const publicVolunteeringKey = ['volunteering'] as const;
/** The signed-in member's volunteering data: under the account's key, so signing out forgets it. */
export const memberVolunteeringKey = [...ACCOUNT_QUERY_KEY, 'volunteering'] as const;
/** One charity console's volunteering data; a change refreshes all of it. */
export const charityVolunteeringKey = (charityId: string) => [...ACCOUNT_QUERY_KEY, 'charity-volunteering', charityId] as const;
export const backOfficeVolunteeringKey = [...ACCOUNT_QUERY_KEY, 'back-office', 'volunteering'] as const;
/** One workplace console's volunteering report. */
export const workplaceVolunteeringKey = (workplaceId: string) => [...ACCOUNT_QUERY_KEY, 'workplace-volunteering', workplaceId] as const;
