import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { menuLinkListSchema } from '@giving/shared/contracts/accounts';
import type { CountryCode } from '@giving/shared/countries';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account';
import { api } from '../../../lib/api-client';

export type MenuLinkList = z.infer<typeof menuLinkListSchema>;

/** GET /api/accounts/site/menu-links?country= — the site's navigation links in a country. */
export const getMenuLinks = ({ country, signal }: { country: CountryCode; signal?: AbortSignal }): Promise<MenuLinkList> =>
  api.get(`/accounts/site/menu-links?country=${country}`, menuLinkListSchema, { signal });

export const menuLinksQueryOptions = (country: CountryCode) =>
  queryOptions({
    queryKey: [...ACCOUNT_QUERY_KEY, 'cms', 'menu-links', country],
    queryFn: ({ signal }) => getMenuLinks({ country, signal }),
  });

export const useMenuLinks = (country: CountryCode) => useQuery(menuLinksQueryOptions(country));
