import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { badgeListSchema } from '@giving/shared/contracts/accounts';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

export type BadgeList = z.infer<typeof badgeListSchema>;

/** GET /api/accounts/backoffice/badges — badge definitions, by the donation count that earns them. */
export const getBadges = ({ signal }: { signal?: AbortSignal } = {}): Promise<BadgeList> => api.get('/accounts/backoffice/badges', badgeListSchema, { signal });

export const badgesQueryOptions = () =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'back-office', 'badges'],
    queryFn: ({ signal }) => getBadges({ signal }),
  });

export const useBadges = () => useQuery(badgesQueryOptions());
