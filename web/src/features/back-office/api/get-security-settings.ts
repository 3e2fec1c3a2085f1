import { queryOptions, useQuery } from '@tanstack/react-query';
import { securitySettingsSchema, type SecuritySettings } from '@giving/shared/contracts/accounts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

/** GET /api/accounts/backoffice/security — MFA for administrators and the admin session length. */
export const getSecuritySettings = ({ signal }: { signal?: AbortSignal } = {}): Promise<SecuritySettings> =>
  api.get('/accounts/backoffice/security', securitySettingsSchema, { signal });

export const securitySettingsQueryOptions = () =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'back-office', 'security'],
    queryFn: ({ signal }) => getSecuritySettings({ signal }),
  });

export const useSecuritySettings = () => useQuery(securitySettingsQueryOptions());
