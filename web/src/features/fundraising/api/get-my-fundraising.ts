import { queryOptions, useQuery } from '@tanstack/react-query';
import { myFundraisingSchema, type MyFundraising } from '@giving/shared/contracts/fundraising';
import { api } from '../../../lib/api-client';
import { memberFundraisingKey } from './keys';

/** GET /api/fundraising/me — the member's events and pages (any role) with their totals, and their pending invitations. */
export const getMyFundraising = ({ signal }: { signal?: AbortSignal } = {}): Promise<MyFundraising> => api.get('/fundraising/me', myFundraisingSchema, { signal });

export const myFundraisingQueryOptions = () => queryOptions({ queryKey: [...memberFundraisingKey, 'mine'], queryFn: ({ signal }) => getMyFundraising({ signal }) });

export const useMyFundraising = () => useQuery(myFundraisingQueryOptions());
