import { ACCOUNT_QUERY_KEY } from '../../../lib/account-queries';

/** Every payroll query of a workplace starts here (under the account's key: signing out drops them). */
export const payrollKey = (workplaceId: string) => [...ACCOUNT_QUERY_KEY, 'workplace-payroll', workplaceId] as const;

/** The API path of a workplace's payroll calls. */
export const payrollPath = (workplaceId: string) => `/workplace/${encodeURIComponent(workplaceId)}`;
